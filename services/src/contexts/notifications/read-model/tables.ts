import type { ColumnType, Kysely, Migration } from 'kysely';

export const NOTIFICATIONS_PROJECTION = 'notifications.inbox';
export const NOTIFICATIONS_TABLE = 'notifications_notifications';

/** The columns of 1300_notifications_inbox below, plus the published read model this context reads. */
export interface NotificationsTables {
  notifications_notifications: {
    id: string;
    school_id: string | null;
    owner_id: string;
    version: number;
    position: number;
    type: string;
    /** jsonb: written as JSON text, read back parsed. */
    parameters: ColumnType<Record<string, unknown>, string, string>;
    source_event_id: string;
    is_read: boolean;
    read_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  /** Identity's directory (identity/directory/table.ts): only the names notifications print. */
  users: { id: string; firstname: string; lastname: string };
}

/**
 * Each user's notifications. `owner_id` is the recipient (the record API's "own"); `position` is the
 * event's place in the recipient's stream, which "mark all read" names as its bound.
 */
export const notificationsMigrations: Record<string, Migration> = {
  '1300_notifications_inbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(NOTIFICATIONS_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('parameters', 'jsonb', (c) => c.notNull())
        .addColumn('source_event_id', 'text', (c) => c.notNull())
        .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('read_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // The panel's list: one user's, unread first, newest first.
      await db.schema
        .createIndex(`${NOTIFICATIONS_TABLE}_by_owner`)
        .on(NOTIFICATIONS_TABLE)
        .columns(['owner_id', 'is_read', 'created_at'])
        .execute();
    },
  },
};
