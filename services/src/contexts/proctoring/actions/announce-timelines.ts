import { channelName, type Push } from '@sabaq/events';
import type { OperationNodeSource } from 'kysely';
import type { ReadModelTx } from '../../../platform/read-models/database';
import { notifyProjectedPushes } from '../../../platform/realtime/projected-pushes';
import type { TouchedAttempt } from '../timeline/refresh-timelines';

/** Attempt ids per push: 100 uuids keep a notice far below PostgreSQL's 8,000-byte limit. */
const IDS_PER_PUSH = 100;

/**
 * Tells the proctors' pages, on each assignment's channel, which attempts' timelines this batch
 * rewrote: a `TimelineChanged` push sent at the batch's commit (with the checkpoint it is saved with),
 * so a page that reads the timeline on it sees the new state, where a read on an `ActionRecorded` push
 * (sent from the event, ahead of the projection) could still see the old one. The channel's own rule
 * (a watcher of the assignment) decides who hears it, as for the actions themselves. `writes` are the
 * batch's writes (its rows and the timelines, refresh-timelines.ts), sent in the same statement.
 */
export async function announceTimelines(
  tx: ReadModelTx,
  touched: Iterable<TouchedAttempt>,
  position: bigint,
  writes: readonly OperationNodeSource[],
): Promise<void> {
  const byAssignment = new Map<string, string[]>();
  for (const attempt of touched) {
    const ids = byAssignment.get(attempt.assignmentId) ?? [];
    ids.push(attempt.attemptId);
    byAssignment.set(attempt.assignmentId, ids);
  }
  const pushes: Push[] = [];
  for (const [assignmentId, ids] of byAssignment) {
    for (let start = 0; start < ids.length; start += IDS_PER_PUSH) {
      pushes.push({
        channel: channelName('assignment', assignmentId),
        event: 'TimelineChanged',
        data: {
          assignment_attempt_ids: ids.slice(start, start + IDS_PER_PUSH),
          position: position.toString(),
        },
      });
    }
  }
  // One statement for the batch's writes and notices: each was a round trip of the projection's
  // transaction.
  await notifyProjectedPushes(tx, pushes, writes);
}
