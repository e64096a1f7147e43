import type { Kysely, Migration } from 'kysely';

export const LAUNCH_LINKS_PROJECTION = 'assignments.launch_links';
/**
 * Every token ever issued, with its short code, assignment and school; a revoked one keeps its row
 * (revoked_at), and its code dies with it.
 */
export const LAUNCH_LINKS_TABLE = 'assignments_launch_links';

/** The columns of the migrations below. */
export interface LaunchLinksTables {
  assignments_launch_links: {
    token: string;
    assignment_id: string;
    school_id: string;
    issued_by: string;
    issued_at: Date;
    revoked_at: Date | null;
    /** Added by 1425; the rebuild gives links issued before it their derived code. */
    code: string | null;
  };
}

export const launchLinksMigrations: Record<string, Migration> = {
  '0920_assignments_launch_links': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(LAUNCH_LINKS_TABLE)
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('issued_by', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex(`${LAUNCH_LINKS_TABLE}_by_assignment`)
        .on(LAUNCH_LINKS_TABLE)
        .columns(['assignment_id', 'issued_at'])
        .execute();
    },
  },
  // The short code of each link (/startx). Numbered after every context's migrations: an existing
  // database has run those, and the migrator takes new migrations only at the end.
  '1425_assignments_launch_link_codes': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable(LAUNCH_LINKS_TABLE).addColumn('code', 'text').execute();
      await db.schema
        .createIndex(`${LAUNCH_LINKS_TABLE}_by_code`)
        .on(LAUNCH_LINKS_TABLE)
        .columns(['code'])
        .execute();
    },
  },
};
