import type { PublicReport } from '@sabaq/events';
import { sql } from 'kysely';
import { withTables, type ReadModelDb, type TablesDb } from '../../../platform/read-models/database';
import { certificateConditions, shouldIssue } from '../issuing/issue-rule';
import { REPORT_LINKS_TABLE, USER_CERTIFICATES_TABLE, type CertificatesTables } from '../read-model/tables';
import { proctoringSummary, type StoredTimeline } from './proctoring-summary';

type Row = Record<string, unknown>;

/** This context's tables and, read-only, the other contexts' published read models a report shows. */
export interface ReportTables extends CertificatesTables {
  /** The assignments' (assignments/read-model/tables.ts): only the columns read. */
  assignments_assignments: {
    id: string;
    name: string;
    points: number;
    is_proctoring: boolean;
    deleted: boolean;
    record: unknown;
  };
  assignments_scores: { assignment_id: string; student_id: string; score: number; deleted: boolean };
  assignments_attempts: {
    id: string;
    assignment_id: string;
    student_id: string;
    number: number;
    status: string;
    points: number;
    started_at: Date;
    finished_at: Date | null;
    deleted: boolean;
  };
  /** Proctoring's timelines (proctoring's read model): the summary and credibility of an attempt. */
  proctoring_timelines: { assignment_attempt_id: string; timeline: unknown; credibility: unknown };
}
type Db = TablesDb<ReportTables>;

/**
 * The public report behind a token, read from the read models: this context's certificates and share
 * links, the assignments context's assignment, attempts and scores, proctoring's timelines, identity's
 * directory and the schools read model (their tables, read-only, as proctoring reads the assignments').
 * Undefined when the token names nothing that may be shown: unknown, a revoked share link, an attempt
 * or assignment since deleted, or an assignment whose settings no longer show reports.
 */
export async function publicReport(untyped: ReadModelDb, token: string): Promise<PublicReport | undefined> {
  const db = withTables<ReportTables>(untyped);
  const certificate = await db
    .selectFrom(USER_CERTIFICATES_TABLE)
    .selectAll()
    .where('report_token', '=', token)
    .executeTakeFirst();
  if (certificate) return certificateReport(db, certificate);
  const link = await db
    .selectFrom(REPORT_LINKS_TABLE)
    .selectAll()
    .where('token', '=', token)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return link ? attemptReport(db, link) : undefined;
}

interface AssignmentFacts {
  name: string;
  maxPoints: number;
  isProctoring: boolean;
  showReport: boolean;
  conditions: unknown[];
}

async function assignmentFacts(db: Db, id: string): Promise<AssignmentFacts | undefined> {
  const row = await db
    .selectFrom('assignments_assignments')
    .select(['name', 'points', 'is_proctoring', sql<unknown>`record->'settings'`.as('settings')])
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  const settings = (row.settings ?? {}) as {
    certificate?: { show_report?: boolean };
    scenario_settings?: { conditions?: unknown[] };
  };
  return {
    name: String(row.name),
    maxPoints: Number(row.points ?? 0),
    isProctoring: Boolean(row.is_proctoring),
    // The specification's default: the report is shown (000 §9).
    showReport: settings.certificate?.show_report ?? true,
    conditions: Array.isArray(settings.scenario_settings?.conditions)
      ? settings.scenario_settings.conditions
      : [],
  };
}

const score = (points: number, max: number) => ({
  points,
  max,
  percent: max > 0 ? Math.round((points / max) * 100) : 0,
});

function passed(assignment: AssignmentFacts, finished: boolean, points: number | null): boolean {
  const conditions = certificateConditions(assignment.conditions);
  return shouldIssue('auto-conditions', conditions, {
    finished,
    score: points,
    maxPoints: assignment.maxPoints,
  });
}

async function proctoring(db: Db, assignment: AssignmentFacts, attemptId: string | undefined) {
  if (!assignment.isProctoring || !assignment.showReport || attemptId === undefined) return null;
  const row = await db
    .selectFrom('proctoring_timelines')
    .select(['timeline', 'credibility'])
    .where('assignment_attempt_id', '=', attemptId)
    .executeTakeFirst();
  const credibility = (row?.credibility as { score?: number } | undefined)?.score ?? 100;
  return proctoringSummary((row?.timeline as StoredTimeline | undefined) ?? {}, credibility);
}

async function certificateReport(db: Db, row: Row): Promise<PublicReport> {
  const placeholders = row.placeholders as Record<string, string>;
  const valid = row.status === 'active';
  const base: PublicReport = {
    kind: 'certificate',
    school: { name: placeholders['company-name'] ?? '', logo: placeholders['company-logo'] || null },
    assignment: { name: placeholders.subject ?? String(row.name) },
    student: { name: placeholders.fullname ?? '' },
    date: new Date(row.issued_at as string).toISOString(),
    score: null,
    passed: null,
    certificate: {
      number: String(row.certificate_number),
      issued_at: new Date(row.issued_at as string).toISOString(),
      is_valid: valid,
    },
    proctoring: null,
  };
  const assignment = row.assignment_id ? await assignmentFacts(db, String(row.assignment_id)) : undefined;
  // A revoked certificate says only that: what it certified no longer stands.
  if (!valid || !assignment) return base;
  const [scoreRow, attempt] = await Promise.all([
    db
      .selectFrom('assignments_scores')
      .select('score')
      .where('assignment_id', '=', String(row.assignment_id))
      .where('student_id', '=', String(row.user_id))
      .where('deleted', '=', false)
      .executeTakeFirst(),
    // The attempt the proctoring summary is about: the student's latest finished one.
    db
      .selectFrom('assignments_attempts')
      .select(['id', 'status'])
      .where('assignment_id', '=', String(row.assignment_id))
      .where('student_id', '=', String(row.user_id))
      .where('deleted', '=', false)
      .orderBy(sql`finished_at IS NULL`)
      .orderBy('finished_at', 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirst(),
  ]);
  const points = scoreRow ? Number(scoreRow.score) : null;
  return {
    ...base,
    score: points === null ? null : score(points, assignment.maxPoints),
    passed: passed(assignment, attempt?.status === 'finished', points),
    proctoring: await proctoring(db, assignment, attempt ? String(attempt.id) : undefined),
  };
}

async function attemptReport(db: Db, link: Row): Promise<PublicReport | undefined> {
  const attempt = await db
    .selectFrom('assignments_attempts')
    .select(['id', 'status', 'points', 'started_at', 'finished_at'])
    .where('id', '=', String(link.attempt_id))
    .where('deleted', '=', false)
    .executeTakeFirst();
  const assignment = await assignmentFacts(db, String(link.assignment_id));
  // The teacher's setting decides whether reports are public at all: turned off, the links stop working.
  if (!attempt || !assignment || !assignment.showReport) return undefined;
  const [user, school, certificate] = await Promise.all([
    db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'patronymic'])
      .where('id', '=', String(link.student_id))
      .executeTakeFirst(),
    db
      .selectFrom('schools_schools')
      .select(['name', 'logo'])
      .where('id', '=', String(link.school_id))
      .executeTakeFirst(),
    db
      .selectFrom(USER_CERTIFICATES_TABLE)
      .select(['certificate_number', 'issued_at', 'status'])
      .where('assignment_id', '=', String(link.assignment_id))
      .where('user_id', '=', String(link.student_id))
      .orderBy('issued_at', 'desc')
      .executeTakeFirst(),
  ]);
  const points = Number(attempt.points ?? 0);
  const finished = attempt.status === 'finished';
  return {
    kind: 'attempt',
    school: { name: school?.name ?? '', logo: school?.logo || null },
    assignment: { name: assignment.name },
    student: { name: [user?.lastname, user?.firstname, user?.patronymic].filter(Boolean).join(' ') },
    date: new Date(attempt.finished_at ?? attempt.started_at).toISOString(),
    score: score(points, assignment.maxPoints),
    passed: passed(assignment, finished, points),
    certificate: certificate
      ? {
          number: String(certificate.certificate_number),
          issued_at: new Date(certificate.issued_at).toISOString(),
          is_valid: certificate.status === 'active',
        }
      : null,
    proctoring: await proctoring(db, assignment, String(attempt.id)),
  };
}
