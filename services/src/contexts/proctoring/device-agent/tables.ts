import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';

/** The tables of 0105 below. */
export interface DeviceAgentTables {
  device_agent_keys: {
    name: string;
    key_id: string;
    public_key_pem: string;
    private_key_pem: string;
    created_at: Generated<Date>;
  };
  device_agent_reports: {
    id: string;
    school_id: string;
    assignment_id: string;
    assignment_attempt_id: string | null;
    student_id: string;
    /** jsonb: written as JSON text, read back parsed, checked against the contract when answered. */
    report: ColumnType<unknown, string, string>;
    created_at: Generated<Date>;
  };
}

/**
 * The device agent's tables in the shared database:
 * - `device_agent_keys`: the installation's Ed25519 key pair that signs page tokens, made once at the
 *   first use (insert if absent, then read), so every api process of a distributed deployment signs
 *   with the same key and restarts keep it; like `identity_signing_keys`, not a read model: no
 *   projection writes it and a rebuild never touches it;
 * - `device_agent_reports`: each report an agent sent, for the attempt (or, before it starts, for the
 *   assignment and student), read by the proctor and by the "only with the agent" check.
 */
export const deviceAgentMigrations: Record<string, Migration> = {
  '0105_proctoring_device_agent': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_agent_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('public_key_pem', 'text', (c) => c.notNull())
        .addColumn('private_key_pem', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('device_agent_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('assignment_attempt_id', 'text')
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('report', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('device_agent_reports_by_student')
        .on('device_agent_reports')
        .columns(['assignment_id', 'student_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('device_agent_reports_by_attempt')
        .on('device_agent_reports')
        .columns(['assignment_attempt_id', 'created_at'])
        .execute();
    },
  },
};
