import { categoryOf, idOf, isEvent, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { Projection } from '../../platform/projections/projection';
import { assignmentsFacts, type AssignmentFacts } from '../proctoring/assignments-lookup';
import { requestAnalysis } from './request-analysis';

export const SCHEDULING_PROCESS = 'analysis.scheduling';

/** The session types the server's detectors are made for: a face in front of the camera, and its sound. */
export const ANALYSED_SESSION_TYPES: readonly string[] = ['main-camera'];

/** What the scheduler knows of a recording session, from its own stream. */
export interface SessionFacts {
  sessionType: string;
  assignmentId: string | null;
  isShouldAnalyze: boolean;
  erased: boolean;
  schoolId: string | null;
}

/**
 * Whether a converted recording is analysed without anyone asking. A session of an attempt follows its
 * assignment: analysed when the assignment is proctored, the session is its main camera and the
 * assignment did not turn `ai_analysis` off; the session's own `is_should_analyze` (the client's guess,
 * false with head tracking on the client) is not asked. A session outside any assignment follows its
 * `is_should_analyze`.
 */
export function analysedByDefault(session: SessionFacts, assignment: AssignmentFacts | undefined): boolean {
  if (session.erased) return false;
  if (session.assignmentId === null) return session.isShouldAnalyze;
  if (!assignment || !assignment.isProctoring) return false;
  if (!ANALYSED_SESSION_TYPES.includes(session.sessionType)) return false;
  return (assignment.settings as { ai_analysis?: unknown } | null)?.ai_analysis !== false;
}

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/**
 * The process manager that asks for run 1 of every recording analysed by default, once its first
 * conversion succeeds. It runs like a projection (its own checkpoint, so a crash replays a little and
 * never skips); the request's id is derived from the session and the run, so a replay, a later
 * conversion of the same session or a teacher asking at the same moment appends it once.
 */
export function analysisScheduling(services: Services): Projection {
  return {
    name: SCHEDULING_PROCESS,
    version: 1,
    handles: ['TranscodeSucceeded'],
    async apply(_tx, events) {
      const sessions = new Set(
        events.filter((e) => categoryOf(e.streamId) === 'webinar_session').map((e) => idOf(e.streamId)),
      );
      for (const sessionId of sessions) await scheduleFirstRun(services, sessionId);
    },
    // It keeps no table: a rebuild replays the log, and the derived ids append nothing twice.
    async reset() {},
  };
}

async function scheduleFirstRun(services: Services, sessionId: string): Promise<void> {
  const session = sessionFacts(await services.store.readStream(`webinar_session-${sessionId}`));
  if (!session) return;
  const assignment = session.assignmentId
    ? (await assignmentsFacts(services.db, [session.assignmentId])).get(session.assignmentId)
    : undefined;
  if (!analysedByDefault(session, assignment)) return;
  await requestAnalysis(services, { sessionId, run: 1, schoolId: session.schoolId, by: null, reason: null });
}

function sessionFacts(events: readonly StoredEvent[]): SessionFacts | undefined {
  let facts: SessionFacts | undefined;
  for (const event of events) {
    if (isEvent(event, 'WebinarSessionStarted')) {
      const data = event.data;
      facts = {
        sessionType: data.session_type,
        assignmentId: data.assignment_id,
        isShouldAnalyze: data.is_should_analyze,
        erased: false,
        schoolId: typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null,
      };
    }
    if ((event.type === 'RecordingErased' || event.type === 'WebinarSessionDeleted') && facts) {
      facts.erased = true;
    }
  }
  return facts;
}
