import { isEvent, type StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { ContextServices } from '../../../platform/context';
import { withTables } from '../../../platform/read-models/database';
import { COURSE_CHANGES_TABLE } from '../read-model/tables';
import { certifyingCourse, studentsWhoWorked, type CertifyingCourse, type CourseDb } from './course-queries';
import type { CourseCertificateTables } from './course-tables';

/**
 * A course's certificate is decided when a student works (course-process.ts). A teacher who edits the
 * course afterwards (gives it a template, publishes it, links or publishes a material) changes what the
 * students who already finished have earned, and none of them may work again. So the course issuing
 * process notes every course and material edit here, and a sweep looks at the course's students again
 * once authoring's read models hold the edit (their checkpoints at or past its position): the process
 * itself cannot read a read model another projection may not have reached yet.
 */
export const COURSE_CHANGE_EVENTS = [
  'CourseCreated',
  'CourseUpdated',
  'CourseMaterialCreated',
  'CourseMaterialUpdated',
  'CourseMaterialDeleted',
] as const;

/** The projection of authoring's read models (authoring/read-model/projection.ts) the sweep waits for. */
const AUTHORING_PROJECTIONS = ['authoring.content'];

/** Notes the batch's course and material edits (the latest position of each), in the process's transaction. */
export async function noteCourseChanges(tx: CourseDb, events: readonly StoredEvent[]): Promise<void> {
  const latest = new Map<string, bigint>();
  for (const event of events) {
    if (!isEvent(event, ...COURSE_CHANGE_EVENTS)) continue;
    const kind = event.type.startsWith('CourseMaterial') ? 'material' : 'course';
    latest.set(`${kind}:${event.data.id}`, event.globalPosition);
  }
  for (const [key, position] of latest) {
    await tx
      .insertInto(COURSE_CHANGES_TABLE)
      .values({ key, position: position.toString() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          position: sql`greatest(${sql.ref(`${COURSE_CHANGES_TABLE}.position`)}, excluded.position)`,
        }),
      )
      .execute();
  }
}

/**
 * Looks at the students of every noted course whose edit authoring's read models now hold: each one
 * with work on the course's assignments gets `issue` (idempotent, so a second api process sweeping
 * too issues nothing twice). Answers how many notes it cleared.
 */
export async function sweepCourseChanges(
  services: Pick<ContextServices, 'db'>,
  issue: (db: CourseDb, course: CertifyingCourse, studentId: string) => Promise<void>,
  log: (line: string) => void = () => {},
): Promise<number> {
  const db: CourseDb = withTables<CourseCertificateTables>(services.db);
  const reached = await db
    .selectFrom('projection_checkpoints')
    .select(sql<string | null>`min(position)`.as('position'))
    .where('name', 'in', AUTHORING_PROJECTIONS)
    .executeTakeFirst();
  if (reached?.position == null) return 0;
  const due = await db
    .selectFrom(COURSE_CHANGES_TABLE)
    .select(['key', 'position'])
    .where('position', '<=', reached.position)
    .orderBy('position')
    .limit(100)
    .execute();
  for (const change of due) {
    try {
      const courseId = await courseOfChange(db, change.key);
      const course = courseId ? await certifyingCourse(db, courseId) : undefined;
      if (course) {
        for (const studentId of await studentsWhoWorked(db, course.id)) await issue(db, course, studentId);
      }
    } catch (error) {
      // One course that fails stays noted for the next sweep; the others go on.
      log(
        `certificates: course change ${change.key}: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    // Cleared only if no newer edit was noted meanwhile (that one is swept on its own turn).
    await db
      .deleteFrom(COURSE_CHANGES_TABLE)
      .where('key', '=', change.key)
      .where('position', '=', change.position)
      .execute();
  }
  return due.length;
}

async function courseOfChange(db: CourseDb, key: string): Promise<string | undefined> {
  const [kind, id = ''] = key.split(':');
  if (kind === 'course') return id;
  const material = await db
    .selectFrom('authoring_course_materials')
    .select('course_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return material?.course_id;
}

/** Sweeps now and then (every `everyMs`) beside the issuing processes; answers the stop. */
export function startCourseChangeSweeper(
  services: Pick<ContextServices, 'db'>,
  issue: (db: CourseDb, course: CertifyingCourse, studentId: string) => Promise<void>,
  everyMs: number,
  log: (line: string) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = sweepCourseChanges(services, issue, log)
      .catch((error: unknown) =>
        log(`certificates: course changes: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
