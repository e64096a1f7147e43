import type { Kysely, Migration } from 'kysely';

/** Sign-in sessions, for listing who is signed in; token checks read the session stream itself. */
export interface SessionTables {
  user_sessions: {
    id: string;
    user_id: string;
    school_id: string | null;
    started_at: Date;
    refreshed_at: Date | null;
    ended_at: Date | null;
    end_reason: string | null;
  };
}

export const sessionMigrations: Record<string, Migration> = {
  '0200_identity_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text')
        .addColumn('started_at', 'timestamptz', (c) => c.notNull())
        .addColumn('refreshed_at', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('end_reason', 'text')
        .execute();
      await db.schema.createIndex('user_sessions_by_user').on('user_sessions').column('user_id').execute();
    },
  },
};
