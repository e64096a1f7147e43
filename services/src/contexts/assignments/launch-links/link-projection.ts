import { isEvent, unhandledEvent, type EventOf } from '@sabaq/events';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { legacyLaunchCode } from './link-code';
import { LAUNCH_LINKS_PROJECTION, LAUNCH_LINKS_TABLE, type LaunchLinksTables } from './link-table';

const HANDLES = ['AssignmentLaunchLinkIssued', 'AssignmentLaunchLinkRevoked'] as const;

/**
 * Launch links by token, with their short codes. An issue inserts its token once (a replay does nothing); a revocation stamps
 * the token's row once. Replaying everything twice leaves the same rows.
 */
export const launchLinksProjection: Projection = {
  name: LAUNCH_LINKS_PROJECTION,
  // 2: the short code (/startx); the rebuild gives links issued before it their derived code.
  version: 2,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(LAUNCH_LINKS_TABLE).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<LaunchLinksTables>(untyped);
  switch (event.type) {
    case 'AssignmentLaunchLinkIssued': {
      const d = event.data;
      await tx
        .insertInto(LAUNCH_LINKS_TABLE)
        .values({
          token: d.token,
          code: d.code ?? legacyLaunchCode(d.token),
          assignment_id: d.assignment_id,
          school_id: d.school_id,
          issued_by: d.issued_by,
          issued_at: new Date(d.at),
          revoked_at: null,
        })
        .onConflict((oc) => oc.column('token').doNothing())
        .execute();
      return;
    }
    case 'AssignmentLaunchLinkRevoked': {
      const d = event.data;
      await tx
        .updateTable(LAUNCH_LINKS_TABLE)
        .set({ revoked_at: new Date(d.at) })
        .where('token', '=', d.token)
        .where('revoked_at', 'is', null)
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}
