import {
  proctoringActionKind,
  streamId,
  type NewEvent,
  type ProctoringAction,
  type ProctoringActivity,
  type ProctoringActionRecordedData,
  type ProctoringCondition,
} from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { uuidV5 } from '../../../platform/ids';
import { withTables } from '../../../platform/read-models/database';
import { ASSIGNMENT_TABLES, type ProctoringTables } from '../tables';
import type { ActionBody, ActivityBody } from './bodies';
import { recordedAction } from '../read/action-entity';
import { requireOneFace } from './identity-photo';
import { decodeScreenshot, storeScreenshots } from './screenshots';
import { openAttemptForWriting, sourceFor, type OpenAttempt } from './write-gate';

type Services = Pick<ContextServices, 'db' | 'clock' | 'ingest' | 'objects' | 'newId'>;

/**
 * A client clock may run a little ahead of the server's, or behind it: an item's time may be this much
 * later than now or earlier than its attempt's start. Further is a broken clock or a forged time, and
 * such a time once stored broke every reader after it (a year-1 action: the analytics copy stopped for
 * every school, the attempt's lists answered 500).
 */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The event id of a client's item: derived from the attempt and the client's id, so a retry is the same
 * event (the store keeps it once) and two attempts can never collide on a client's counter.
 */
export const telemetryEventId = (
  kind: 'action' | 'activity',
  attemptId: string,
  clientId: string | undefined,
  newId: () => string,
) => (clientId === undefined ? newId() : uuidV5(`proctoring:${kind}:${attemptId}:${clientId}`));

function occurredAt(
  services: Services,
  attempt: OpenAttempt['attempt'],
  value: string | undefined,
  field: string,
): string {
  const now = services.clock();
  if (value === undefined) return now.toISOString();
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new ValidationError('Некорректное время', { [field]: ['Некорректное время'] });
  }
  if (at.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
    throw new ValidationError('Время действия в будущем', { [field]: ['Время действия в будущем'] });
  }
  if (attempt.startedAt && at.getTime() < attempt.startedAt.getTime() - MAX_CLOCK_SKEW_MS) {
    const message = 'Время действия раньше начала попытки';
    throw new ValidationError(message, { [field]: [message] });
  }
  return at.toISOString();
}

export interface PreparedAction {
  streamId: string;
  event: NewEvent<'ProctoringActionRecorded', ProctoringActionRecordedData>;
}

/**
 * Checks one action against the write rules and builds its event, storing its screenshots first (an
 * event never names an object that is not there). `field` prefixes error fields in a batch.
 */
export async function prepareAction(
  services: Services,
  caller: Caller,
  body: ActionBody,
  field = '',
  checked: Map<string, Promise<OpenAttempt>> = new Map(),
): Promise<PreparedAction> {
  // A batch is mostly one attempt's signals: its write rules are checked once per attempt and claim.
  const target = {
    assignmentId: body.assignment_id,
    attemptId: body.assignment_attempt_id,
    studentId: body.student_id,
  };
  const key = JSON.stringify(target);
  let opening = checked.get(key);
  if (!opening) {
    opening = openAttemptForWriting(services, caller, target);
    checked.set(key, opening);
  }
  const open = await opening;
  const source = sourceFor(caller, open.asStudent, body.action_type, body.source);
  const condition = conditionOf(body, field);
  const occurred = occurredAt(services, open.attempt, body.created_at, `${field}created_at`);
  const eventId = telemetryEventId('action', open.attempt.attemptId, body.id, services.newId);
  const images = [...(body.screenshot ? [body.screenshot] : []), ...(body.screenshots ?? [])].map(
    (value, i) =>
      decodeScreenshot(value, i === 0 && body.screenshot ? `${field}screenshot` : `${field}screenshots`),
  );
  if (images.length > 5) {
    throw new ValidationError('Не больше 5 снимков', { [`${field}screenshots`]: ['Не больше 5 снимков'] });
  }
  // No "identity verified" for a photo that shows nobody (identity-photo.ts).
  if (body.action_type === 'identity_verified') await requireOneFace(images, `${field}screenshot`);
  const screenshots = await storeScreenshots(
    services.objects,
    { schoolId: caller.schoolId!, attemptId: open.attempt.attemptId, eventId },
    images,
  );
  return {
    streamId: streamId('proctoring', open.attempt.attemptId),
    event: {
      id: eventId,
      type: 'ProctoringActionRecorded',
      data: {
        assignmentId: open.attempt.assignmentId,
        attemptId: open.attempt.attemptId,
        studentId: open.attempt.studentId,
        initiatorId: caller.userId,
        webinarSessionId: body.webinar_session_id ?? null,
        actionType: body.action_type,
        isWarning: body.is_warning ?? proctoringActionKind(body.action_type) === 'warning',
        description: body.description ?? null,
        source,
        screenshots,
        condition,
      },
      metadata: { userId: caller.userId, schoolId: caller.schoolId!, occurredAt: occurred },
    },
  };
}

/**
 * The condition an action reports a phase of, checked: id and phase come together, and only warnings
 * and violations last (a lifecycle or proctor action is a moment).
 */
function conditionOf(body: ActionBody, field: string): ProctoringCondition | null {
  const { condition_id: id, condition_phase: phase } = body;
  if (id === undefined && phase === undefined) return null;
  if (id === undefined) {
    throw new ValidationError('Укажите условие', { [`${field}condition_id`]: ['Укажите условие'] });
  }
  if (phase === undefined) {
    throw new ValidationError('Укажите фазу условия', {
      [`${field}condition_phase`]: ['Укажите фазу условия'],
    });
  }
  const kind = proctoringActionKind(body.action_type);
  if (kind !== 'warning' && kind !== 'violation') {
    const message = 'Длится только нарушение или предупреждение';
    throw new ValidationError(message, { [`${field}condition_id`]: [message] });
  }
  return { id, phase };
}

/** Hands prepared actions to the telemetry ingest, one submit per attempt stream, in the order sent. */
export async function submitActions(
  services: Pick<ContextServices, 'ingest'>,
  prepared: readonly PreparedAction[],
): Promise<void> {
  const byStream = new Map<string, NewEvent[]>();
  for (const item of prepared) {
    const list = byStream.get(item.streamId) ?? [];
    // The same client id twice in one batch is one event.
    if (!list.some((e) => e.id === item.event.id)) list.push(item.event);
    byStream.set(item.streamId, list);
  }
  await Promise.all([...byStream].map(([stream, events]) => services.ingest.submit(stream, events)));
}

/**
 * A batch of actions, as `POST /api/assignment/actions/batch` and the socket's `proctoring.actions` take
 * it: every item is checked before anything is submitted, so it is refused whole (errors under
 * `actions.<n>.<field>`) or taken whole.
 */
export async function recordActionBatch(
  services: Services,
  caller: Caller,
  actions: readonly ActionBody[],
): Promise<PreparedAction[]> {
  const prepared = [];
  const checked = new Map<string, Promise<OpenAttempt>>();
  for (const [index, item] of actions.entries()) {
    prepared.push(await prepareAction(services, caller, item, `actions.${index}.`, checked));
  }
  await submitActions(services, prepared);
  return prepared;
}

/** The specification's action record for a just-recorded action (diff comes with reads). */
/** The POST's answer for a prepared action: the contract's shape, as the live feed pushes it. */
export function recordedActionEntity(item: PreparedAction): ProctoringAction {
  const at = item.event.metadata?.occurredAt;
  return recordedAction(item.event.id, item.event.data, typeof at === 'string' ? at : null);
}

/** Records an activity of the caller (a student) in their attempt; the active attempt when none is named. */
export async function recordActivity(
  services: Services,
  caller: Caller,
  body: ActivityBody,
): Promise<ProctoringActivity> {
  const attemptId =
    body.assignment_attempt_id ?? (await activeAttemptOf(services, caller, body.assignment_id));
  const open = await openAttemptForWriting(services, caller, {
    assignmentId: body.assignment_id,
    attemptId,
    studentId: body.student_id,
  });
  if (!open.asStudent) {
    throw new ValidationError('Активность записывает студент', {
      activity_type: ['Активность записывает студент'],
    });
  }
  const occurred = occurredAt(services, open.attempt, body.created_at, 'created_at');
  const id = telemetryEventId('activity', attemptId, body.id, services.newId);
  const data = {
    assignmentId: open.attempt.assignmentId,
    attemptId,
    studentId: open.attempt.studentId,
    chapterId: body.chapter_id ?? null,
    componentId: body.component_id ?? null,
    activityType: body.activity_type,
  };
  await services.ingest.submit(streamId('proctoring', attemptId), [
    {
      id,
      type: 'ProctoringActivityRecorded',
      data,
      metadata: { userId: caller.userId, schoolId: caller.schoolId!, occurredAt: occurred },
    },
  ]);
  return {
    id,
    assignment_id: data.assignmentId,
    assignment_attempt_id: attemptId,
    student_id: data.studentId,
    chapter_id: data.chapterId,
    component_id: data.componentId,
    activity_type: data.activityType,
    created_at: occurred,
  };
}

async function activeAttemptOf(services: Services, caller: Caller, assignmentId: string): Promise<string> {
  const row = await withTables<ProctoringTables>(services.db)
    .selectFrom(ASSIGNMENT_TABLES.attempts)
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', caller.userId)
    .where('school_id', '=', caller.schoolId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) {
    throw new ValidationError('Нет активной попытки', { assignment_attempt_id: ['Нет активной попытки'] });
  }
  return row.id;
}
