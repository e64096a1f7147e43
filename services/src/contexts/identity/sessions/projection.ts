import { type EventOf, isEvent, unhandledEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables } from '../../../platform/read-models/database';
import type { IdentityTables, IdentityTx } from '../tables';

const HANDLES = ['SessionStarted', 'SessionRefreshed', 'SessionSchoolSelected', 'SessionEnded'] as const;

/**
 * Sessions by id, and each user's last activity. Times only move forward (GREATEST), so replaying an
 * older event after a newer one leaves the row as the newer one made it.
 */
export const sessionsProjection: Projection = {
  name: 'identity.sessions',
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events)
      if (isEvent(event, ...HANDLES)) await applyOne(txWithTables<IdentityTables>(tx), event);
  },
  async reset(untyped) {
    const tx = txWithTables<IdentityTables>(untyped);
    await tx.deleteFrom('user_sessions').execute();
    await tx.updateTable('users').set({ last_activity_date: null }).execute();
  },
};

async function applyOne(tx: IdentityTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  switch (event.type) {
    case 'SessionStarted': {
      const d = event.data;
      const row = { user_id: d.userId, school_id: d.schoolId, started_at: new Date(d.startedAt) };
      await tx
        .insertInto('user_sessions')
        .values({ id: d.sessionId, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      await touchUser(tx, d.userId, d.startedAt);
      return;
    }
    case 'SessionRefreshed': {
      const d = event.data;
      const at = new Date(d.refreshedAt);
      await tx
        .updateTable('user_sessions')
        .set({ refreshed_at: sql`GREATEST(refreshed_at, ${at})` })
        .where('id', '=', d.sessionId)
        .execute();
      const session = await tx
        .selectFrom('user_sessions')
        .select('user_id')
        .where('id', '=', d.sessionId)
        .executeTakeFirst();
      if (session) await touchUser(tx, session.user_id, d.refreshedAt);
      return;
    }
    case 'SessionSchoolSelected': {
      const d = event.data;
      await tx
        .updateTable('user_sessions')
        .set({ school_id: d.schoolId })
        .where('id', '=', d.sessionId)
        .execute();
      return;
    }
    case 'SessionEnded': {
      const d = event.data;
      await tx
        .updateTable('user_sessions')
        .set({ ended_at: new Date(d.endedAt), end_reason: d.reason })
        .where('id', '=', d.sessionId)
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

async function touchUser(tx: IdentityTx, userId: string, at: string): Promise<void> {
  await tx
    .updateTable('users')
    .set({ last_activity_date: sql`GREATEST(last_activity_date, ${new Date(at)})` })
    .where('id', '=', userId)
    .execute();
}
