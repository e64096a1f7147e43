import type { ColumnType } from 'kysely';
import type { WorkState } from '../issuing/standing';

/**
 * What the course certificates read: this context's own work table (0712_certificates_courses) and,
 * read-only, the published read models of other contexts, each with only the columns read.
 */
export interface CourseCertificateTables {
  certificates_course_work: {
    assignment_id: string;
    student_id: string;
    /** jsonb: written as JSON text, read back parsed. */
    state: ColumnType<WorkState, string, string>;
  };
  /** Courses and materials edited since the process last looked (0713_certificates_course_changes). */
  certificates_course_changes: {
    key: string;
    position: ColumnType<string, string | bigint, string | bigint>;
  };
  /** Authoring's courses (authoring/read-model/tables.ts). */
  authoring_courses: {
    id: string;
    school_id: string | null;
    owner_id: string | null;
    status: string;
    deleted: boolean;
    name: string;
    certificate_id: string | null;
    settings: unknown;
    /** jsonb: the enrolled students' ids (a private course's). */
    students: unknown;
  };
  /** Authoring's course materials: a published one may link an assignment. */
  authoring_course_materials: {
    id: string;
    course_id: string;
    assignment_id: string | null;
    status: string;
    deleted: boolean;
  };
  /** The assignments' assignments (assignments/read-model/tables.ts): the most a student can score. */
  assignments_assignments: { id: string; points: number; deleted: boolean };
  /** Identity's directory (identity/directory/table.ts): the holder's name. */
  users: { id: string; firstname: string; lastname: string; patronymic: string | null };
  /** The schools read model (schools/table.ts): the school's name and logo. */
  schools_schools: { id: string; name: string; logo: string | null };
}
