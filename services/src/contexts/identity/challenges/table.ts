import type { Generated, Kysely, Migration } from 'kysely';

/** Every challenge given to a user, for lists beyond the user's own (the user's own reads its stream). */
export interface ChallengeTables {
  user_challenges: {
    id: string;
    user_id: string;
    challenge: string;
    is_completed: Generated<boolean>;
    created_at: Date;
    updated_at: Date;
  };
}

export const challengeMigrations: Record<string, Migration> = {
  '0201_identity_challenges': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('is_completed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_challenges_by_user')
        .on('user_challenges')
        .column('user_id')
        .execute();
    },
  },
};
