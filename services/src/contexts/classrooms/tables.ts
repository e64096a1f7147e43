import type { RecordTableColumns } from '../../platform/http/records/record-table';

export const TABLES = {
  classrooms: 'classrooms_classrooms',
  schedules: 'classrooms_classroom_schedules',
  pcs: 'classrooms_classroom_pcs',
  acs: 'classrooms_classroom_acs',
  persons: 'classrooms_classroom_persons',
  gates: 'classrooms_acs_gates',
} as const;

/** The visual columns a classroom and a PC share (collections.ts). */
interface VisualColumns {
  image: string | null;
  color: string | null;
  name: string | null;
  description: string | null;
}

/**
 * The record tables of collections.ts (the common record columns, then each collection's own, all
 * nullable as the record migration creates them), plus the published read models the answers and
 * the reference checks read (only those columns, under their owners' table names).
 */
export interface ClassroomsTables {
  classrooms_classrooms: RecordTableColumns &
    VisualColumns & { timezone_id: string | null; have_acs: boolean | null; is_active: boolean | null };
  classrooms_classroom_schedules: RecordTableColumns & {
    classroom_id: string | null;
    weekday: number | null;
    work_at_start: string | null;
    work_at_end: string | null;
    is_workday: boolean | null;
  };
  classrooms_classroom_pcs: RecordTableColumns &
    VisualColumns & { classroom_id: string | null; hostname: string | null; is_active: boolean | null };
  classrooms_classroom_acs: RecordTableColumns & {
    classroom_id: string | null;
    acs_gate_id: string | null;
    hostname: string | null;
    login: string | null;
    password: string | null;
    settings: string | null;
  };
  classrooms_classroom_persons: RecordTableColumns & {
    classroom_id: string | null;
    classroom_acs_id: string | null;
    user_id: string | null;
    photo: string | null;
    /** An ISO date-time as text, as the record carries it. */
    access_expired_at: string | null;
    is_active: boolean | null;
  };
  classrooms_acs_gates: RecordTableColumns & {
    manufacturer: string | null;
    model: string | null;
    handler: string | null;
    name: string | null;
    description: string | null;
  };
  /** People's directory (people/directory/table.ts): who a classroom person is. */
  people_directory: {
    id: string;
    school_id: string | null;
    deleted: boolean;
    group: string;
    firstname: string;
    lastname: string;
    patronymic: string | null;
    photo: string | null;
  };
  /** Reference's time zones (reference/collections.ts, a record table): a classroom's zone. */
  reference_timezones: {
    id: string;
    school_id: string | null;
    deleted: boolean;
    region: string | null;
    utc: string | null;
  };
}
