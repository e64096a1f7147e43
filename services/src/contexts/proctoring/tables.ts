import type { ActionPipelineColumns, ProctoringPipelineTables } from './actions/pipeline-tables';
import type { ProctoringActionsTable } from './actions/table';
import type { DeviceAgentTables } from './device-agent/tables';

/**
 * Proctoring's tables, each declared beside its migrations (actions/table.ts, actions/pipeline-tables.ts,
 * device-agent/tables.ts), plus the published read models proctoring reads (only the columns it reads,
 * under their owners' table names). Queries go through `withTables<ProctoringTables>(db)`.
 */
export interface ProctoringTables extends ProctoringPipelineTables, DeviceAgentTables {
  proctoring_actions: ProctoringActionsTable['proctoring_actions'] & ActionPipelineColumns;
  /** Assignments' attempts (assignments/read-model/tables.ts). */
  assignments_attempts: {
    id: string;
    assignment_id: string;
    student_id: string;
    school_id: string | null;
    deleted: boolean;
    number: number;
    status: string;
    started_at: Date;
    ends_at: Date | null;
    finished_at: Date | null;
    /** double precision. */
    points: number;
  };
  /** Assignments' assignments (assignments/read-model/tables.ts); `record` is read by SQL only. */
  assignments_assignments: {
    id: string;
    school_id: string | null;
    owner_id: string | null;
    deleted: boolean;
    is_suspended: boolean;
    is_finished: boolean;
    is_proctoring: boolean;
    /** double precision: the most a student can score. */
    points: number;
    /** jsonb: user ids. */
    students: unknown;
    /** jsonb: user ids. */
    reviewers: unknown;
    /** jsonb: the whole stored assignment. */
    record: unknown;
  };
}

/** Assignments' table names (proctoring reads them, never imports that context's code). */
export const ASSIGNMENT_TABLES = {
  attempts: 'assignments_attempts',
  assignments: 'assignments_assignments',
} as const;
