import type { EventOf, StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { assignmentDecider, type AssignmentEvent } from '../assignments/assignments/assignment-decider';
import { assignmentStream } from '../assignments/ids';
import { resultsShownAfterFinishing } from '../assignments/work/disclosure';
import { participationDecider, type ParticipationEvent } from '../assignments/work/participation-decider';
import type { Draft } from './sources';

type Services = Pick<ContextServices, 'store'>;

/**
 * "Your result is ready" (`result_scored`) once an attempt is over, and "your work was reviewed"
 * (`result_reviewed`) after a review, each only when the assignment shows results after finishing
 * (work/disclosure.ts). Not after every answer: a score that moves with each answer would tell the
 * student, mid-exam, which option was right. The assignment's flags and the student's work are folded
 * up to the event itself, so a replay decides the same whatever was changed since.
 */
export async function resultDrafts(
  services: Services,
  event: EventOf<'AssignmentAttemptFinished' | 'AssignmentReviewerScoreCalculated'>,
): Promise<Draft[]> {
  const d = event.data;
  const { state: assignment, schoolId } = await assignmentAt(services, d.assignment_id, event.globalPosition);
  if (assignment.status !== 'live' || !resultsShownAfterFinishing(assignment.record)) return [];
  const work = await workAt(services, event);
  const reviewed = event.type === 'AssignmentReviewerScoreCalculated';
  // A review while another attempt runs waits: the student hears of it with that attempt's end.
  if (reviewed && work.attempts.some((a) => a.status === 'active')) return [];
  const score =
    assignment.record.is_show_scores === true
      ? event.type === 'AssignmentReviewerScoreCalculated'
        ? event.data.score
        : work.score
      : null;
  return [
    {
      recipientId: d.student_id,
      schoolId: schoolId ?? schoolOf(event),
      type: reviewed ? 'result_reviewed' : 'result_scored',
      parameters: {
        assignment_id: d.assignment_id,
        assignment_name: assignment.record.name,
        ...(event.type === 'AssignmentAttemptFinished'
          ? { assignment_attempt_id: event.data.attempt_id }
          : {}),
        score,
      },
    },
  ];
}

async function assignmentAt(services: Services, assignmentId: string, position: bigint) {
  const history = await services.store.readStream(assignmentStream(assignmentId));
  const state = history
    .filter((e) => e.globalPosition <= position)
    .reduce(
      (s, e) => assignmentDecider.evolve(s, e as unknown as AssignmentEvent),
      assignmentDecider.initialState,
    );
  const first = history[0]?.metadata.schoolId;
  return { state, schoolId: typeof first === 'string' ? first : null };
}

async function workAt(services: Services, event: StoredEvent) {
  const history = await services.store.readStream(event.streamId);
  return history
    .filter((e) => e.streamPosition <= event.streamPosition)
    .reduce(
      (s, e) => participationDecider.evolve(s, e as unknown as ParticipationEvent),
      participationDecider.initialState,
    );
}

const schoolOf = (event: StoredEvent) =>
  typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null;
