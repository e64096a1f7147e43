import type { ContextServices } from '../../../platform/context';
import { withTables } from '../../../platform/read-models/database';
import { TABLES, type AntiplagiarismTables } from './tables';

type Db = Pick<ContextServices, 'db'>;
const tablesOf = (services: Db) => withTables<AntiplagiarismTables>(services.db);

/** Colour bands of the report: ≥ 80 % original, 50–80 %, under 50 %, and answers too short to judge. */
export type Band = 'high' | 'medium' | 'low' | 'short';
export function bandOf(originality: number | null): Band {
  if (originality === null) return 'short';
  if (originality >= 80) return 'high';
  if (originality >= 50) return 'medium';
  return 'low';
}

/** The summary of a finished check; `check: null` while its task is still running. */
export async function reportOf(services: Db, checkId: string, assignment: { id: string; name: string }) {
  const check = await tablesOf(services)
    .selectFrom(TABLES.checks)
    .selectAll()
    .where('check_id', '=', checkId)
    .executeTakeFirst();
  if (!check) return { assignment, check: null, rows: [], distribution: distributionOf([]) };
  const answers = await tablesOf(services)
    .selectFrom(TABLES.answers)
    .selectAll()
    .where('check_id', '=', checkId)
    .execute();
  const questions = check.questions;
  const titles = new Map(questions.map((q) => [q.component_id, q.title]));
  const sourceRefs = answers.flatMap((a) => a.sources.slice(0, 1));
  const names = await namesOf(services, [
    ...answers.map((a) => String(a.student_id)),
    ...sourceRefs.map((s) => s.student_id),
  ]);
  const assignmentNames = await assignmentNamesOf(
    services,
    sourceRefs.map((s) => s.assignment_id),
  );
  const rows = answers
    .map((a) => {
      const strongest = a.sources[0];
      const originality = a.originality === null ? null : Number(a.originality);
      return {
        answer_key: String(a.answer_key),
        student_id: String(a.student_id),
        student_name: names.get(String(a.student_id)) ?? String(a.student_id),
        component_id: String(a.component_id),
        question: titles.get(String(a.component_id)) ?? '',
        kind: String(a.kind),
        words: Number(a.words),
        verdict: String(a.verdict),
        originality,
        band: bandOf(originality),
        strongest_source: strongest
          ? {
              answer_key: strongest.answer_key,
              student_id: strongest.student_id,
              student_name: names.get(strongest.student_id) ?? strongest.student_id,
              assignment_id: strongest.assignment_id,
              assignment_name:
                strongest.assignment_id === assignment.id
                  ? assignment.name
                  : (assignmentNames.get(strongest.assignment_id) ?? strongest.assignment_id),
              similarity: strongest.similarity,
            }
          : null,
      };
    })
    .sort(
      (x, y) =>
        (x.originality ?? 101) - (y.originality ?? 101) ||
        x.student_name.localeCompare(y.student_name, 'ru') ||
        x.answer_key.localeCompare(y.answer_key),
    );
  return {
    assignment,
    check: {
      mode: String(check.mode),
      questions,
      compared_assignments: check.compared_assignments.length,
      answers: Number(check.answers),
      sources: Number(check.sources),
      checked_at: check.checked_at,
    },
    rows,
    distribution: distributionOf(rows.map((r) => r.originality)),
  };
}

/** Answers per ten-per-cent step of originality (0–10 … 90–100), and how many were too short. */
export function distributionOf(values: readonly (number | null)[]) {
  const buckets = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: 0 }));
  let tooShort = 0;
  for (const value of values) {
    if (value === null) tooShort++;
    else buckets[Math.min(9, Math.floor(value / 10))]!.count++;
  }
  return { buckets, too_short: tooShort };
}

/** One answer beside one of its sources (the strongest unless `sourceKey` names another). */
export async function answerDetail(services: Db, checkId: string, key: string, sourceKey?: string) {
  const answer = await tablesOf(services)
    .selectFrom(TABLES.answers)
    .selectAll()
    .where('check_id', '=', checkId)
    .where('answer_key', '=', key)
    .executeTakeFirst();
  if (!answer) return undefined;
  const sources = answer.sources;
  const chosen = sourceKey === undefined ? sources[0] : sources.find((s) => s.answer_key === sourceKey);
  const sourceText = chosen ? await textOf(services, checkId, chosen.answer_key) : null;
  const answeredAt = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
  const names = await namesOf(services, [String(answer.student_id), ...sources.map((s) => s.student_id)]);
  const originality = answer.originality === null ? null : Number(answer.originality);
  return {
    answer_key: key,
    student_id: String(answer.student_id),
    student_name: names.get(String(answer.student_id)) ?? String(answer.student_id),
    component_id: String(answer.component_id),
    kind: String(answer.kind),
    words: Number(answer.words),
    verdict: String(answer.verdict),
    originality,
    band: bandOf(originality),
    text: String(answer.text),
    answered_at: answeredAt(answer.answered_at),
    sources: sources.map((s) => ({
      answer_key: s.answer_key,
      student_id: s.student_id,
      student_name: names.get(s.student_id) ?? s.student_id,
      assignment_id: s.assignment_id,
      similarity: s.similarity,
    })),
    source:
      chosen && sourceText !== null
        ? {
            answer_key: chosen.answer_key,
            student_name: names.get(chosen.student_id) ?? chosen.student_id,
            assignment_id: chosen.assignment_id,
            similarity: chosen.similarity,
            answered_at: chosen.answered_at,
            text: sourceText,
            fragments: chosen.fragments,
          }
        : null,
  };
}

/** A source is a checked answer of this check or a recorded answer of another assignment. */
async function textOf(services: Db, checkId: string, key: string): Promise<string | null> {
  for (const table of [TABLES.answers, TABLES.sources]) {
    const row = await tablesOf(services)
      .selectFrom(table)
      .select('text')
      .where('check_id', '=', checkId)
      .where('answer_key', '=', key)
      .executeTakeFirst();
    if (row) return String(row.text);
  }
  return null;
}

async function namesOf(services: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tablesOf(services)
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'patronymic'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => [String(r.id), [r.lastname, r.firstname, r.patronymic].filter(Boolean).join(' ')]),
  );
}

async function assignmentNamesOf(services: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tablesOf(services)
    .selectFrom('assignments_assignments')
    .select(['id', 'name'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}
