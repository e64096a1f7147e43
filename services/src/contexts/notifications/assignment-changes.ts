import type { EventOf, NotificationType } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { assignmentDecider, type AssignmentEvent } from '../assignments/assignments/assignment-decider';
import type { Draft } from './sources';

type Services = Pick<ContextServices, 'store'>;

/** A teacher's change to the whole assignment that its students hear of, by the event that says it. */
export const ASSIGNMENT_CHANGE_TYPES = {
  AssignmentSuspended: 'assignment_suspended',
  AssignmentResumed: 'assignment_resumed',
  AssignmentFinished: 'assignment_finished',
  AssignmentUpdated: 'assignment_rescheduled',
} as const satisfies Record<string, NotificationType>;

/** The fields whose change moves the assignment in time; any other edit notifies nobody. */
const TIME_FIELDS = ['starting_at', 'ending_at', 'starting_at_type', 'ending_at_type'] as const;

/**
 * Each student of the assignment hears that it was suspended, resumed, finished or moved. The students
 * are those it had right after this event, folded from its stream up to the event's own position
 * rather than taken from today's state: a student taken off the assignment earlier hears nothing, and
 * a replay of the log finds the same students, so the derived ids append nothing twice.
 */
export async function assignmentChangeDrafts(
  services: Services,
  event: EventOf<keyof typeof ASSIGNMENT_CHANGE_TYPES>,
): Promise<Draft[]> {
  const type = ASSIGNMENT_CHANGE_TYPES[event.type];
  if (event.type === 'AssignmentUpdated') {
    const changes = event.data.changes;
    if (!TIME_FIELDS.some((field) => field in changes)) return [];
  }
  const history = await services.store.readStream(event.streamId);
  const upToEvent = history.filter((e) => e.streamPosition <= event.streamPosition);
  const state = upToEvent.reduce(
    (s, e) => assignmentDecider.evolve(s, e as unknown as AssignmentEvent),
    assignmentDecider.initialState,
  );
  if (state.status !== 'live') return [];
  const { record } = state;
  const first = history[0]?.metadata.schoolId;
  const schoolId = typeof first === 'string' ? first : null;
  const parameters = {
    assignment_id: record.id,
    assignment_name: record.name,
    class_id: record.class_id,
    // The new times, for the moved assignment's text; the others carry them too, harmlessly.
    starting_at: record.starting_at,
    ending_at: record.ending_at,
  };
  return [...new Set(record.students)].map((recipientId) => ({
    recipientId,
    schoolId,
    type,
    parameters,
  }));
}
