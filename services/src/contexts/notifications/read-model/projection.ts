import { type EventOf, isEvent, unhandledEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { NOTIFICATIONS_PROJECTION, NOTIFICATIONS_TABLE, type NotificationsTables } from './tables';

const HANDLES = ['NotificationCreated', 'NotificationRead', 'NotificationsAllRead'] as const;

/**
 * Notifications from the recipients' streams. A row's `version` is the stream position of the last
 * event applied to it, and every write is guarded by it, so replays change nothing.
 */
export const notificationsProjection: Projection = {
  name: NOTIFICATIONS_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(NOTIFICATIONS_TABLE).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<NotificationsTables>(untyped);
  const position = event.streamPosition;
  switch (event.type) {
    case 'NotificationCreated': {
      const d = event.data;
      await tx
        .insertInto(NOTIFICATIONS_TABLE)
        .values({
          id: d.id,
          school_id: d.school_id,
          owner_id: d.recipient_id,
          version: position,
          position,
          type: d.type,
          parameters: JSON.stringify(d.parameters),
          source_event_id: d.source_event_id,
          is_read: false,
          read_at: null,
          created_at: new Date(d.created_at),
          updated_at: new Date(d.created_at),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    case 'NotificationRead': {
      const d = event.data;
      await tx
        .updateTable(NOTIFICATIONS_TABLE)
        .set({ is_read: d.is_read, read_at: d.is_read ? new Date(d.at) : null, version: position })
        .where('id', '=', d.id)
        .where('owner_id', '=', d.recipient_id)
        .where('version', '<', position)
        .execute();
      return;
    }
    case 'NotificationsAllRead': {
      const d = event.data;
      await tx
        .updateTable(NOTIFICATIONS_TABLE)
        .set({ is_read: true, read_at: new Date(d.at), version: position })
        .where('owner_id', '=', d.recipient_id)
        .where('position', '<=', d.up_to)
        .where('version', '<', position)
        .where(sql<boolean>`is_read = false`)
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}
