import { categoryOf, type EventOf, idOf, isEvent, type StoredEvent, unhandledEvent } from '@sabaq/events';
import { sql, type Updateable } from 'kysely';
import type { Projection } from '../../platform/projections/projection';
import { txWithTables, type TablesTx } from '../../platform/read-models/database';
import { reportId } from './ids';
import { diffReports, type ReportInterval } from './report';
import { TABLES, type AnalysisTables } from './tables';

type Tx = TablesTx<AnalysisTables>;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const schoolOf = (e: StoredEvent) => str(e.metadata.schoolId);

const HANDLES = [
  'WebinarSessionStarted',
  'WebinarSessionDeleted',
  'TranscodeSucceeded',
  'RecordingErased',
  'AiAnalysisRequested',
  'AiAnalysisStarted',
  'AiAnalysisProgressed',
  'AiViolationDetected',
  'AiAnalysisCompleted',
  'AiAnalysisFailed',
] as const;

/**
 * The analysis read models: which recording sessions may be analysed (from the media context's events),
 * the job list the analyzer works from (a run is pending once asked for), and the AI reports (one per
 * session and run), built from the analysis stream. A report applies each analysis event once: its row
 * remembers the stream position last applied.
 */
export const analysisProjection: Projection = {
  name: 'analysis',
  version: 1,
  handles: HANDLES,
  async apply(untyped, events) {
    const tx = txWithTables<AnalysisTables>(untyped);
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    for (const table of [TABLES.sessions, TABLES.jobs, TABLES.claims, TABLES.reports]) {
      await tx.deleteFrom(table).execute();
    }
  },
};

async function applyOne(tx: Tx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  switch (event.type) {
    case 'WebinarSessionStarted':
      await tx
        .insertInto(TABLES.sessions)
        .values({
          id: String(event.data.id),
          school_id: schoolOf(event),
          user_id: String(event.data.user_id),
          assignment_id: str(event.data.assignment_id),
          assignment_attempt_id: str(event.data.assignment_attempt_id),
          session_type: String(event.data.session_type),
          should_analyze: event.data.is_should_analyze === true,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    case 'WebinarSessionDeleted':
    case 'RecordingErased':
      await tx
        .updateTable(TABLES.sessions)
        .set({ erased: true })
        .where('id', '=', String(event.data.id))
        .execute();
      return;
    case 'TranscodeSucceeded': {
      if (categoryOf(event.streamId) !== 'webinar_session') return;
      // What to analyse is decided by the scheduler (scheduling.ts), which asks for run 1 by an event.
      await tx
        .updateTable(TABLES.sessions)
        .set({ playlist_key: String(event.data.playlist_key), duration: Number(event.data.duration) })
        .where('id', '=', idOf(event.streamId))
        .execute();
      return;
    }
    case 'AiAnalysisRequested': {
      const id = String(event.data.session_id);
      const session = await tx
        .selectFrom(TABLES.sessions)
        .select(['last_run'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (session && Number(event.data.run) > Number(session.last_run))
        await requestRun(tx, id, Number(event.data.run), event, str(event.data.requested_by));
      return;
    }
    case 'AiAnalysisStarted':
      // Logs written before the scheduler asked for run 1 by an event: that run started unrequested.
      await requestRunIfUnknown(tx, String(event.data.session_id), Number(event.data.run), event);
      await applyToReport(tx, event);
      return;
    default:
      await applyToReport(tx, event);
      return;
  }
}

async function requestRunIfUnknown(tx: Tx, sessionId: string, run: number, event: StoredEvent) {
  const known = await tx
    .selectFrom(TABLES.reports)
    .select('id')
    .where('id', '=', reportId(sessionId, run))
    .executeTakeFirst();
  const session = await tx
    .selectFrom(TABLES.sessions)
    .select('id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!known && session) await requestRun(tx, sessionId, run, event, null);
}

async function requestRun(
  tx: Tx,
  sessionId: string,
  run: number,
  event: StoredEvent,
  requestedBy: string | null,
): Promise<void> {
  const session = await tx
    .updateTable(TABLES.sessions)
    .set({ last_run: run })
    .where('id', '=', sessionId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const id = reportId(sessionId, run);
  await tx
    .insertInto(TABLES.jobs)
    .values({
      id,
      session_id: sessionId,
      run,
      school_id: session.school_id,
      status: 'pending',
      requested_at: event.recordedAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await tx
    .insertInto(TABLES.reports)
    .values({
      id,
      school_id: session.school_id,
      owner_id: session.user_id,
      version: -1,
      session_id: sessionId,
      run,
      assignment_id: session.assignment_id,
      assignment_attempt_id: session.assignment_attempt_id,
      student_id: session.user_id,
      session_type: session.session_type,
      status: 'pending',
      progress: 0,
      duration: session.duration,
      requested_by: requestedBy,
      created_at: event.recordedAt,
      updated_at: event.recordedAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

type ReportEvent = EventOf<
  | 'AiAnalysisStarted'
  | 'AiAnalysisProgressed'
  | 'AiViolationDetected'
  | 'AiAnalysisCompleted'
  | 'AiAnalysisFailed'
>;

async function applyToReport(tx: Tx, event: ReportEvent): Promise<void> {
  const id = reportId(event.data.session_id, event.data.run);
  const row = await tx
    .selectFrom(TABLES.reports)
    .select(['version', 'intervals'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || event.streamPosition <= Number(row.version)) return;
  const set: Updateable<AnalysisTables['ai_reports']> = {
    version: event.streamPosition,
    updated_at: event.recordedAt,
  };
  // A detected interval is appended to the stored list by the database, not rewritten from here.
  let appended: ReportInterval | undefined;
  switch (event.type) {
    case 'AiAnalysisStarted':
      Object.assign(set, {
        status: 'in_process',
        progress: 0,
        models: JSON.stringify(event.data.models),
        intervals: '[]',
      } satisfies typeof set);
      break;
    case 'AiAnalysisProgressed':
      set.progress = Math.floor(Number(event.data.percent));
      break;
    case 'AiViolationDetected': {
      const interval: ReportInterval = {
        type: event.data.type as ReportInterval['type'],
        start: Number(event.data.start),
        end: Number(event.data.end),
        confidence: Number(event.data.confidence),
        peak: Number(event.data.peak),
        ...(typeof event.data.description === 'string' ? { description: event.data.description } : {}),
        thumb_key: str(event.data.thumb_key),
      };
      appended = interval;
      break;
    }
    case 'AiAnalysisCompleted':
      Object.assign(set, {
        status: 'completed',
        progress: 100,
        frames: Number(event.data.frames),
        audio_seconds: Number(event.data.audio_seconds),
        detectors: Array.isArray(event.data.detectors) ? JSON.stringify(event.data.detectors) : null,
      } satisfies typeof set);
      break;
    case 'AiAnalysisFailed':
      Object.assign(set, { status: 'failed', failure: String(event.data.reason) } satisfies typeof set);
      break;
    default:
      return unhandledEvent(event);
  }
  if (event.type === 'AiAnalysisCompleted')
    set.diff = JSON.stringify(await diffWithPrevious(tx, event.data, row.intervals));
  const intervals = appended
    ? { intervals: sql<string>`${sql.ref('intervals')} || ${JSON.stringify([appended])}::jsonb` }
    : {};
  await tx
    .updateTable(TABLES.reports)
    .set({ ...set, ...intervals })
    .where('id', '=', id)
    .execute();
  if (event.type === 'AiAnalysisCompleted' || event.type === 'AiAnalysisFailed') {
    await tx
      .updateTable(TABLES.jobs)
      .set({ status: event.type === 'AiAnalysisCompleted' ? 'completed' : 'failed' })
      .where('id', '=', id)
      .execute();
  }
}

/** A re-run's differences from the newest earlier completed run of the same recording (null for the first). */
async function diffWithPrevious(
  tx: Tx,
  data: { session_id: string; run: number },
  intervals: ReportInterval[],
) {
  const previous = await tx
    .selectFrom(TABLES.reports)
    .select(['run', 'intervals'])
    .where('session_id', '=', String(data.session_id))
    .where('run', '<', Number(data.run))
    .where('status', '=', 'completed')
    .orderBy('run', 'desc')
    .executeTakeFirst();
  if (!previous) return null;
  return diffReports(Number(previous.run), previous.intervals, intervals);
}
