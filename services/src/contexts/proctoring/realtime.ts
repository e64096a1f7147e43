import { channelName, proctoringActionKind, type Push } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { assignmentsFacts, watches } from './assignments-lookup';
import { proctoringActionsOverSocket } from './ingest/socket-ingest';
import { recordedAction } from './read/action-entity';

/**
 * The live proctor feed: `assignment.{id}` is open to the assignment's watchers (assignments-lookup.ts),
 * and every recorded action of its students is pushed there as it is persisted (ActionRecorded), a
 * violation also as ViolationDetected. What a proctor does to an attempt (a message, a warning, a
 * suspension, a resume, a stop) reaches its student through the notifications context, which stores it
 * and pushes it on the student's own user channel (one notice, kept in the panel). A student's client may also send its actions on the socket
 * (`proctoring.actions`), checked and stored exactly as the HTTP batch.
 */
export function proctoringRealtime(
  services: Pick<ContextServices, 'db' | 'clock' | 'ingest' | 'objects' | 'newId'>,
): RealtimeContribution {
  return {
    // A high-rate client sends its actions over the socket it already holds (ingest/socket-ingest.ts).
    messages: [proctoringActionsOverSocket(services)],
    channels: [
      {
        pattern: 'assignment.{id}',
        async authorize(caller, { id }) {
          const assignment = id ? (await assignmentsFacts(services.db, [id])).get(id) : undefined;
          return assignment !== undefined && watches(caller, assignment);
        },
      },
    ],
    pushes: [
      pushMapper({
        eventTypes: ['ProctoringActionRecorded'],
        map(event) {
          const data = event.data;
          const channel = channelName('assignment', data.assignmentId);
          const occurred =
            typeof event.metadata.occurredAt === 'string'
              ? event.metadata.occurredAt
              : event.recordedAt.toISOString();
          const common = {
            id: event.id,
            assignment_id: data.assignmentId,
            attempt_id: data.attemptId,
            student_id: data.studentId,
            source: data.source,
          };
          const pushes: Push<'assignment'>[] = [
            {
              channel,
              event: 'ActionRecorded',
              // The REST entity itself (events/src/contracts/proctoring-actions.ts): the web merges pushed and
              // listed actions into one list without translating.
              data: recordedAction(event.id, data, occurred),
            },
          ];
          const kind = proctoringActionKind(data.actionType);
          if (kind === 'violation') {
            pushes.push({
              channel,
              event: 'ViolationDetected',
              data: { ...common, type: data.actionType, detected_at: occurred },
            });
          }
          return pushes;
        },
      }),
    ],
  };
}
