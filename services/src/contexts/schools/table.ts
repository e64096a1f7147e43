import { sql, type Generated, type Kysely, type Migration } from 'kysely';

export const SCHOOLS_TABLE = 'schools_schools';
export const SCHOOLS_PROJECTION = 'schools.schools';

/** The columns of 0700_schools_schools below (the record API reads it too, as the schools collection). */
export interface SchoolsTables {
  schools_schools: {
    id: string;
    school_id: string;
    owner_id: string | null;
    version: number;
    deleted: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    type: string;
    name: string;
    logo: string | null;
    website: string | null;
    email: string | null;
    short_description: string | null;
    call_center_phone: string | null;
    region_id: string | null;
    city_id: string | null;
  };
}

/**
 * The admin's list of schools. school_id equals id, so the record API's own-school rule shows a
 * manager exactly their school; owner_id is who registered it (null for seeded schools).
 */
export const schoolsMigrations: Record<string, Migration> = {
  '0700_schools_schools': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(SCHOOLS_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text')
        // The stream position last applied: a replay of an older event changes nothing.
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('website', 'text')
        .addColumn('email', 'text')
        .addColumn('short_description', 'text')
        .addColumn('call_center_phone', 'text')
        .addColumn('region_id', 'text')
        .addColumn('city_id', 'text')
        .execute();
    },
  },
};
