import type { Kysely } from 'kysely';
import type { PlatformTables } from '../../../platform/read-models/database';
import type { IssueFacts } from '../templates/template-decider';
import type { StudentStanding } from '../issuing/issue-rule';
import { emptyWork, standingOfWork } from '../issuing/standing';
import type { CourseCertificateTables } from './course-tables';

/** A database or a transaction that knows the tables the course certificates read. */
export type CourseDb = Kysely<PlatformTables & CourseCertificateTables>;

export interface CertifyingCourse {
  id: string;
  schoolId: string | null;
  ownerId: string | null;
  name: string;
  templateId: string;
  settings: unknown;
}

/** The published courses with a template whose published materials link the assignment. */
export async function certifyingCoursesOf(db: CourseDb, assignmentId: string): Promise<CertifyingCourse[]> {
  const rows = await db
    .selectFrom('authoring_courses as c')
    .innerJoin('authoring_course_materials as m', 'm.course_id', 'c.id')
    .select(['c.id', 'c.school_id', 'c.owner_id', 'c.name', 'c.certificate_id', 'c.settings'])
    .distinct()
    .where('m.assignment_id', '=', assignmentId)
    .where('m.status', '=', 'published')
    .where('m.deleted', '=', false)
    .where('c.status', '=', 'published')
    .where('c.deleted', '=', false)
    .where('c.certificate_id', 'is not', null)
    .execute();
  return rows.map(certifyingOf);
}

type CourseRow = Pick<
  CourseCertificateTables['authoring_courses'],
  'id' | 'school_id' | 'owner_id' | 'name' | 'certificate_id' | 'settings'
>;

/** A course row read with a template (`certificate_id` not null) as the process uses it. */
const certifyingOf = (r: CourseRow): CertifyingCourse => ({
  id: r.id,
  schoolId: r.school_id,
  ownerId: r.owner_id,
  name: r.name,
  templateId: r.certificate_id!,
  settings: r.settings,
});

/** The course when it is published with a template (it can issue), else undefined. */
export async function certifyingCourse(
  db: CourseDb,
  courseId: string,
): Promise<CertifyingCourse | undefined> {
  const r = await db
    .selectFrom('authoring_courses')
    .select(['id', 'school_id', 'owner_id', 'name', 'certificate_id', 'settings'])
    .where('id', '=', courseId)
    .where('status', '=', 'published')
    .where('deleted', '=', false)
    .where('certificate_id', 'is not', null)
    .executeTakeFirst();
  return r ? certifyingOf(r) : undefined;
}

/**
 * The assignments a course's published materials link (each once), with the most each can score; an
 * assignment since deleted can no longer be finished and counts for nothing.
 */
export async function courseAssignments(
  db: CourseDb,
  courseId: string,
): Promise<{ id: string; maxPoints: number }[]> {
  const rows = await db
    .selectFrom('authoring_course_materials as m')
    .innerJoin('assignments_assignments as a', 'a.id', 'm.assignment_id')
    .select(['a.id', 'a.points'])
    .distinct()
    .where('m.course_id', '=', courseId)
    .where('m.status', '=', 'published')
    .where('m.deleted', '=', false)
    .where('a.deleted', '=', false)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ id: r.id, maxPoints: Number(r.points) }));
}

/** The students with work on any assignment the course's published materials link. */
export async function studentsWhoWorked(db: CourseDb, courseId: string): Promise<string[]> {
  const assignments = await courseAssignments(db, courseId);
  if (assignments.length === 0) return [];
  const rows = await db
    .selectFrom('certificates_course_work')
    .select('student_id')
    .distinct()
    .where(
      'assignment_id',
      'in',
      assignments.map((a) => a.id),
    )
    .execute();
  return rows.map((r) => r.student_id);
}

/** The student's standing on each of the assignments, from the work the course process folded. */
export async function standingsOf(
  db: CourseDb,
  assignments: readonly { id: string; maxPoints: number }[],
  studentId: string,
  now: Date,
): Promise<StudentStanding[]> {
  if (assignments.length === 0) return [];
  const rows = await db
    .selectFrom('certificates_course_work')
    .select(['assignment_id', 'state'])
    .where('student_id', '=', studentId)
    .where(
      'assignment_id',
      'in',
      assignments.map((a) => a.id),
    )
    .execute();
  const work = new Map(rows.map((r) => [r.assignment_id, r.state]));
  return assignments.map((a) => standingOfWork(work.get(a.id) ?? emptyWork, a.maxPoints, now));
}

/** What a course's certificate says: the holder's name, the course as its subject, the school. */
export async function courseFacts(
  db: CourseDb,
  course: Pick<CertifyingCourse, 'name' | 'schoolId'>,
  studentId: string,
  score: number | null,
): Promise<IssueFacts> {
  const user = await db
    .selectFrom('users')
    .select(['firstname', 'lastname', 'patronymic'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  const school =
    course.schoolId === null
      ? undefined
      : await db
          .selectFrom('schools_schools')
          .select(['name', 'logo'])
          .where('id', '=', course.schoolId)
          .executeTakeFirst();
  return {
    // The specification's full name: last name, first name and patronymic joined by spaces.
    fullname: [user?.lastname, user?.firstname, user?.patronymic].filter(Boolean).join(' '),
    subject: course.name,
    points: score === null ? '' : String(score),
    companyName: school?.name ?? '',
    companyLogo: school?.logo ?? '',
  };
}
