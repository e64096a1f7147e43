import type { Row } from '../../../platform/http/records/collection';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

/**
 * A notification as the API answers it (000 §3). `name` and `description` are null: the reader's
 * language builds them from `type` and `parameters` (web/src/features/notifications).
 */
export function notificationEntity(row: Row): Record<string, unknown> {
  return {
    id: row.id,
    owner_id: row.owner_id,
    class_id: ((row.parameters as Record<string, unknown> | null)?.class_id as string | undefined) ?? null,
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
