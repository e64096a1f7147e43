import { isEvent, type AssignmentComponent, type AssignmentRecord, type StoredEvent } from '@sabaq/events';
import type { AnswerText } from '../../antiplagiarism/compare/compare-answers';

/** Question types whose answers are prose (essays, short answers) or programs. */
const TEXT_TYPES = new Set(['free', 'open']);
const CODE_TYPES = new Set(['code']);
/** The longest text compared; a longer answer is compared on its start (docs/antiplagiarism.md). */
export const MAX_TEXT = 50_000;

export const isComparable = (c: AssignmentComponent) => TEXT_TYPES.has(c.type) || CODE_TYPES.has(c.type);

/**
 * The questions a check compares: those flagged `is_antiplagiarism` in their settings, or, when the
 * assignment flags none, every text and code question.
 */
export function checkedQuestions(record: Pick<AssignmentRecord, 'components'>): {
  mode: 'flagged' | 'all-text';
  questions: AssignmentComponent[];
} {
  const comparable = record.components.filter(isComparable);
  const flagged = comparable.filter((c) => c.settings?.is_antiplagiarism === true);
  return flagged.length > 0
    ? { mode: 'flagged', questions: flagged }
    : { mode: 'all-text', questions: comparable };
}

export const answerKey = (assignmentId: string, studentId: string, componentId: string) =>
  `${assignmentId}:${studentId}:${componentId}`;

/**
 * A student's latest non-blank answer to each of the questions, from their work stream
 * (`participation-…`): answering again, in the same attempt or a later one, replaces the earlier text.
 */
export function latestAnswers(
  assignmentId: string,
  studentId: string,
  work: readonly StoredEvent[],
  questions: readonly AssignmentComponent[],
  checked: boolean,
): AnswerText[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const latest = new Map<string, AnswerText>();
  for (const event of work) {
    if (!isEvent(event, 'AssignmentResultRecorded')) continue;
    const d = event.data;
    const question = byId.get(d.component_id);
    if (!question) continue;
    const kind = CODE_TYPES.has(question.type) ? 'code' : 'text';
    const text = textOf(d.answer, kind);
    if (text.trim() === '') continue;
    latest.set(question.id, {
      key: answerKey(assignmentId, studentId, question.id),
      assignmentId,
      studentId,
      componentId: question.id,
      kind,
      text: text.slice(0, MAX_TEXT),
      answeredAt: answeredAt(event),
      checked,
    });
  }
  return [...latest.values()];
}

function answeredAt(event: StoredEvent): string {
  const at = event.metadata.occurredAt;
  return typeof at === 'string' ? new Date(at).toISOString() : event.recordedAt.toISOString();
}

function textOf(answer: unknown, kind: 'text' | 'code'): string {
  if (typeof answer !== 'object' || answer === null) return '';
  const value =
    kind === 'code' ? (answer as { source?: unknown }).source : (answer as { text?: unknown }).text;
  return typeof value === 'string' ? value : '';
}

/** A question's own words (its text, and a code question's starting templates), tags left out. */
export function questionWords(question: AssignmentComponent): string {
  const data = question.data;
  const parts = [typeof data.question === 'string' ? data.question : ''];
  if (data.templates && typeof data.templates === 'object') {
    for (const template of Object.values(data.templates))
      if (typeof template === 'string') parts.push(template);
  }
  return parts.join('\n').replace(/<[^>]*>/g, ' ');
}

/** A short title of the question for the report. */
export function questionTitle(question: AssignmentComponent): string {
  const data = question.data;
  const text = typeof data.question === 'string' ? data.question.replace(/<[^>]*>/g, ' ') : '';
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
