import { sql, type ColumnType, type Generated, type Kysely, type Migration, type Selectable } from 'kysely';

export const CHAT_PROJECTION = 'chat.chats';
export const CHAT_TABLES = {
  chats: 'chat_chats',
  messages: 'chat_messages',
  reads: 'chat_reads',
} as const;

/** jsonb: written as JSON text (or an SQL expression), read back parsed; omitted, the column's default. */
type Json<T> = ColumnType<T, string | undefined, string>;

/**
 * The columns of 1450_chat_chats below, plus the published read models chat reads (only the columns it
 * reads, each under its owner's table name).
 */
export interface ChatTables {
  chat_chats: {
    id: string;
    school_id: string | null;
    owner_id: string;
    version: number;
    closed: Generated<boolean>;
    type: string;
    subject: string;
    class_id: string | null;
    assignment_id: string | null;
    name: string;
    /** User ids. */
    participants: Json<string[]>;
    moderators: Json<string[]>;
    muted: Json<string[]>;
    last_message_id: string | null;
    last_message_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  chat_messages: {
    id: string;
    chat_id: string;
    /** The message's position in its chat's stream. */
    seq: number;
    user_id: string;
    recipient_id: string | null;
    parent_id: string | null;
    media_id: string | null;
    action: string;
    message: string | null;
    is_service: boolean;
    deleted: Generated<boolean>;
    edited_at: Date | null;
    created_at: Date;
  };
  chat_reads: { chat_id: string; user_id: string; seq: number };
  /** People's directory (people/directory/table.ts): names, photos and groups. */
  people_directory: {
    id: string;
    school_id: string | null;
    deleted: boolean;
    group: string;
    firstname: string;
    lastname: string;
    photo: string | null;
    color: string | null;
  };
  /** Media's library (media/read-model/tables.ts): an attachment's names and what mayReadMedia reads. */
  media_items: {
    id: string;
    school_id: string | null;
    owner_id: string | null;
    deleted: boolean;
    name: string;
    type: string;
    file_name: string | null;
    mime_type: string | null;
  };
  /** Identity's users (identity/directory/table.ts): when each person was last active (001 §7 "Chat"). */
  users: { id: string; last_activity_date: Date | null };
  /** Webinars' webinars (webinars/read-model/tables.ts): whose chats follow a class or an assignment. */
  webinars_webinars: { id: string; class_id: string | null; assignment_id: string | null; deleted: boolean };
}

export type ChatRow = Selectable<ChatTables['chat_chats']>;
export type ChatMessageRow = Selectable<ChatTables['chat_messages']>;

/** A list as a jsonb operand (`participants @> …`): sent as JSON text, typed as the column's list. */
export const jsonList = (values: readonly string[]) => sql<string[]>`${JSON.stringify(values)}`;

/**
 * Chats (people as jsonb arrays, the last message for the group list), their messages ordered by the
 * stream position (`seq`: no two messages of a chat share one, so pages never skip or repeat), and each
 * reader's last read position for the unread counts.
 */
export const chatMigrations: Record<string, Migration> = {
  '1450_chat_chats': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(CHAT_TABLES.chats)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('closed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('class_id', 'text')
        .addColumn('assignment_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('participants', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'[]'::jsonb`)))
        .addColumn('moderators', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'[]'::jsonb`)))
        .addColumn('muted', 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'[]'::jsonb`)))
        .addColumn('last_message_id', 'text')
        .addColumn('last_message_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`${CHAT_TABLES.chats}_by_school`)
        .on(CHAT_TABLES.chats)
        .columns(['school_id', 'last_message_at'])
        .execute();
      await db.schema
        .createIndex(`${CHAT_TABLES.chats}_participants`)
        .on(CHAT_TABLES.chats)
        .using('gin')
        .column('participants')
        .execute();
      await db.schema
        .createTable(CHAT_TABLES.messages)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('chat_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('recipient_id', 'text')
        .addColumn('parent_id', 'text')
        .addColumn('media_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('is_service', 'boolean', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('edited_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`${CHAT_TABLES.messages}_by_chat`)
        .on(CHAT_TABLES.messages)
        .columns(['chat_id', 'seq'])
        .unique()
        .execute();
      await db.schema
        .createTable(CHAT_TABLES.reads)
        .addColumn('chat_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${CHAT_TABLES.reads}_pk`, ['chat_id', 'user_id'])
        .execute();
    },
  },
  // The media library asks whether a file is attached to a chat the caller reads (media-grant.ts).
  '1451_chat_attachments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex(`${CHAT_TABLES.messages}_by_media`)
        .on(CHAT_TABLES.messages)
        .column('media_id')
        .where(sql.ref('media_id'), 'is not', null)
        .execute();
    },
  },
};
