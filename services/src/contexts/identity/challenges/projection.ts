import { type EventOf, isEvent, unhandledEvent } from '@sabaq/events';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables } from '../../../platform/read-models/database';
import type { IdentityTables, IdentityTx } from '../tables';

const HANDLES = ['ChallengeAssigned', 'ChallengeCompleted'] as const;

/**
 * Challenges by id. A completion only ever sets is_completed, and an assignment replayed after it does
 * not reset the row (DO NOTHING), so replays in any number leave the table as one pass made it.
 */
export const challengesProjection: Projection = {
  name: 'identity.challenges',
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events)
      if (isEvent(event, ...HANDLES)) await applyOne(txWithTables<IdentityTables>(tx), event);
  },
  async reset(untyped) {
    const tx = txWithTables<IdentityTables>(untyped);
    await tx.deleteFrom('user_challenges').execute();
  },
};

async function applyOne(tx: IdentityTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  switch (event.type) {
    case 'ChallengeAssigned': {
      const d = event.data;
      const at = new Date(d.assignedAt);
      await tx
        .insertInto('user_challenges')
        .values({
          id: d.challengeId,
          user_id: d.userId,
          challenge: d.challenge,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    case 'ChallengeCompleted': {
      const d = event.data;
      await tx
        .updateTable('user_challenges')
        .set({ is_completed: true, updated_at: new Date(d.completedAt) })
        .where('id', '=', d.challengeId)
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}
