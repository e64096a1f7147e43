import { sql, type Generated, type Kysely, type Migration } from 'kysely';

/**
 * The specification's "assignment action", one row per recorded action, newest last per student: the
 * columns of 0100 below (0101 and 0104 add more, actions/pipeline-tables.ts).
 */
export interface ProctoringActionsTable {
  proctoring_actions: {
    id: string;
    school_id: string | null;
    assignment_id: string;
    assignment_attempt_id: string;
    student_id: string;
    initiator_id: string | null;
    webinar_session_id: string | null;
    action_type: string;
    is_warning: Generated<boolean>;
    description: string | null;
    /** When the action happened (client time when given), which orders a student's actions. */
    created_at: Generated<Date>;
    /** bigint: a decimal string. */
    global_position: string;
  };
}

export const proctoringActionsMigrations: Record<string, Migration> = {
  '0100_proctoring_actions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('proctoring_actions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text')
        .addColumn('assignment_id', 'text', (c) => c.notNull())
        .addColumn('assignment_attempt_id', 'text', (c) => c.notNull())
        .addColumn('student_id', 'text', (c) => c.notNull())
        .addColumn('initiator_id', 'text')
        .addColumn('webinar_session_id', 'text')
        .addColumn('action_type', 'text', (c) => c.notNull())
        .addColumn('is_warning', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('description', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('global_position', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('proctoring_actions_by_assignment')
        .on('proctoring_actions')
        .columns(['assignment_id', 'student_id', 'created_at'])
        .execute();
    },
  },
};
