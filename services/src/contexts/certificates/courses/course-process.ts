import { isEvent, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError } from '../../../platform/errors';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { courseCertificateId } from '../ids';
import { courseEarned, courseStanding } from '../issuing/course-rule';
import { emptyWork, foldWork, WORK_EVENTS, type WorkState } from '../issuing/standing';
import { COURSE_CHANGES_TABLE, COURSE_WORK_TABLE } from '../read-model/tables';
import { newReportToken } from '../report/report-token';
import { runTemplateCommand } from '../templates/template-commands';
import { COURSE_CHANGE_EVENTS, noteCourseChanges } from './course-changes';
import {
  certifyingCoursesOf,
  courseAssignments,
  courseFacts,
  standingsOf,
  type CertifyingCourse,
  type CourseDb,
} from './course-queries';
import type { CourseCertificateTables } from './course-tables';

export const COURSE_ISSUING_PROCESS = 'certificates.course-issuing';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/**
 * The process manager that issues a course's certificate when a student finishes the course
 * (issuing/course-rule.ts). Run like a projection, by the same runner as the assignments' issuing: it
 * reads the students' work events from the global log and folds each student's standing per
 * assignment into its own table, in the same transaction as its checkpoint, so the standings it
 * decides on are exactly the log's up to the batch (it never waits on another context's read model
 * for them). The courses, their materials and the assignments' maximums are read from the authoring
 * and assignments read models, which change far less often than students work.
 *
 * The Issue command is idempotent (one certificate per template, course and student, under a derived
 * id), so a replayed batch or a second api process never issues twice.
 */
export function courseIssuingProcess(
  services: Services,
  log: (message: string) => void = () => {},
): Projection {
  return {
    name: COURSE_ISSUING_PROCESS,
    version: 1,
    handles: [...WORK_EVENTS, ...COURSE_CHANGE_EVENTS],
    async apply(untypedTx, events) {
      const tx = txWithTables<CourseCertificateTables>(untypedTx);
      await noteCourseChanges(tx, events);
      const touched = await foldBatch(tx, events);
      for (const { assignmentId, studentId } of touched) {
        for (const course of await certifyingCoursesOf(tx, assignmentId)) {
          await issueCourseCertificate(services, tx, course, studentId, log);
        }
      }
    },
    async reset(tx: ReadModelTx) {
      await tx.deleteFrom(COURSE_WORK_TABLE).execute();
      await tx.deleteFrom(COURSE_CHANGES_TABLE).execute();
    },
  };
}

/** Folds the batch's work events into the stored standings; answers the (assignment, student) pairs changed. */
async function foldBatch(tx: CourseDb, events: readonly StoredEvent[]) {
  const states = new Map<string, { assignmentId: string; studentId: string; state: WorkState }>();
  for (const event of events) {
    if (!isEvent(event, ...WORK_EVENTS)) continue;
    const { assignment_id: assignmentId, student_id: studentId } = event.data;
    const key = `${assignmentId}\u001f${studentId}`;
    let entry = states.get(key);
    if (!entry) {
      const row = await tx
        .selectFrom('certificates_course_work')
        .select('state')
        .where('assignment_id', '=', assignmentId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
      entry = { assignmentId, studentId, state: row?.state ?? emptyWork };
      states.set(key, entry);
    }
    entry.state = foldWork(entry.state, event);
  }
  for (const { assignmentId, studentId, state } of states.values()) {
    const json = JSON.stringify(state);
    await tx
      .insertInto('certificates_course_work')
      .values({ assignment_id: assignmentId, student_id: studentId, state: json })
      .onConflict((oc) => oc.columns(['assignment_id', 'student_id']).doUpdateSet({ state: json }))
      .execute();
  }
  return [...states.values()];
}

/**
 * Issues the course's certificate when the student has earned it. A rule of the domain (a deleted
 * template, another school's) says the same on every retry, so it is logged, not thrown.
 */
export async function issueCourseCertificate(
  services: Services,
  db: CourseDb,
  course: CertifyingCourse,
  studentId: string,
  log: (message: string) => void,
): Promise<void> {
  try {
    await issueIfFinished(services, db, course, studentId);
  } catch (error) {
    if (!(error instanceof DomainError) || error.httpStatus >= 500) throw error;
    log(`certificates: no course certificate for ${studentId} on ${course.id}: ${error.message}`);
  }
}

async function issueIfFinished(
  services: Services,
  db: CourseDb,
  course: CertifyingCourse,
  studentId: string,
) {
  const now = services.clock();
  const standings = await standingsOf(db, await courseAssignments(db, course.id), studentId, now);
  if (!courseEarned(course.settings, standings)) return;
  await runTemplateCommand(
    services,
    course.templateId,
    {
      type: 'Issue',
      id: courseCertificateId(course.templateId, course.id, studentId),
      userId: studentId,
      assignmentId: null,
      courseId: course.id,
      schoolId: course.schoolId,
      facts: await courseFacts(db, course, studentId, courseStanding(standings).score),
      reportToken: newReportToken(),
      at: now.toISOString(),
      by: null,
    },
    // Nobody waits on a background issue; the read model follows on its own.
    { wait: false },
  );
}
