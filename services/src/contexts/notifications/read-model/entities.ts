import type { Selectable } from 'kysely';
import type { NotificationsTables } from './tables';

export type NotificationRow = Selectable<NotificationsTables['notifications_notifications']>;

// pg parses timestamptz into Date; a string (from a raw query) passes through unchanged.
const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);

/**
 * A notification as the API answers it (000 §3). `name` and `description` are null: the reader's
 * language builds them from `type` and `parameters` (web/src/features/notifications).
 */
export function notificationEntity(row: NotificationRow): Record<string, unknown> {
  return {
    id: row.id,
    owner_id: row.owner_id,
    class_id: (row.parameters.class_id as string | undefined) ?? null,
    type: row.type,
    parameters: row.parameters,
    name: null,
    description: null,
    is_read: row.is_read,
    // Every notification is in the recipient's stream once made: received by the server for them.
    is_received: true,
    read_at: iso(row.read_at),
    created_at: iso(row.created_at),
  };
}
