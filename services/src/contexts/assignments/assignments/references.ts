import { componentMaxPoints } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { withTables, type TablesDb } from '../../../platform/read-models/database';
import { TABLES as AUTHORING } from '../../authoring/read-model/tables';
import type { AssignmentsTables } from '../read-model/tables';
import { classDecider } from '../classes/class-decider';
import { classStream } from '../ids';
import { loadStream } from '../append';
import type { AssignmentReferences, SourceContent } from './build-record';

type Db = TablesDb<AssignmentsTables>;
/** Of an authoring component (a lesson's or a quiz's), what an assignment copies. */
interface ComponentRow {
  id: string;
  component_id: string | null;
  component_type: string;
  data: Record<string, unknown>;
  settings: Record<string, unknown>;
}

/**
 * Looks up what an assignment names, for its decider: the lessons and quizzes (authoring's read
 * model, the caller's school only; their questions are copied into the assignment) and the class's
 * students (the class's own stream, so a class made a moment ago is already there).
 */
export async function lookUpReferences(
  services: Pick<ContextServices, 'db' | 'store'>,
  caller: Caller,
  named: { lessons?: string[]; quizzes?: string[]; class_id?: string | null },
): Promise<AssignmentReferences> {
  const db = withTables<AssignmentsTables>(services.db);
  const [lessons, quizzes, classStudents] = await Promise.all([
    lessonsOf(db, caller.schoolId, [...new Set(named.lessons ?? [])]),
    quizzesOf(db, caller.schoolId, [...new Set(named.quizzes ?? [])]),
    named.class_id ? classStudentsOf(services, caller.schoolId, named.class_id) : Promise.resolve([]),
  ]);
  return { lessons, quizzes, classStudents };
}

async function classStudentsOf(
  services: Pick<ContextServices, 'store'>,
  schoolId: string | null,
  classId: string,
): Promise<string[] | null> {
  const { state, schoolId: classSchool } = await loadStream(services, classStream(classId), classDecider);
  if (state.status !== 'live' || classSchool !== schoolId) return null;
  const students = state.data.students;
  return Array.isArray(students) ? (students as string[]) : [];
}

const toComponent = (assessmentType: 'lesson' | 'quiz', parent: string) => (row: ComponentRow) => ({
  id: row.id,
  component: row.component_id ?? row.id,
  type: row.component_type,
  assessment_id: parent,
  assessment_type: assessmentType,
  data: row.data ?? {},
  settings: row.settings ?? null,
  points: componentMaxPoints({
    component_type: row.component_type,
    data: row.data,
    settings: row.settings,
  }),
});

async function quizzesOf(
  db: Db,
  schoolId: string | null,
  ids: string[],
): Promise<Record<string, SourceContent | null>> {
  const found: Record<string, SourceContent | null> = Object.fromEntries(ids.map((id) => [id, null]));
  if (ids.length === 0 || schoolId === null) return found;
  const quizzes = await db
    .selectFrom(AUTHORING.quizzes)
    .select(['id', 'name', 'description'])
    .where('id', 'in', ids)
    .where('school_id', '=', schoolId)
    .where('deleted', '=', false)
    .execute();
  const components = await db
    .selectFrom(AUTHORING.quizComponents)
    .select(['id', 'quiz_id', 'component_id', 'component_type', 'data', 'settings'])
    .where('quiz_id', 'in', ids)
    .where('deleted', '=', false)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const quiz of quizzes) {
    const id = quiz.id;
    found[id] = {
      id,
      kind: 'quiz',
      name: quiz.name,
      description: quiz.description ?? null,
      components: components.filter((c) => c.quiz_id === id).map(toComponent('quiz', id)),
    };
  }
  return found;
}

async function lessonsOf(
  db: Db,
  schoolId: string | null,
  ids: string[],
): Promise<Record<string, SourceContent | null>> {
  const found: Record<string, SourceContent | null> = Object.fromEntries(ids.map((id) => [id, null]));
  if (ids.length === 0 || schoolId === null) return found;
  const lessons = await db
    .selectFrom(AUTHORING.lessons)
    .select(['id', 'name', 'description'])
    .where('id', 'in', ids)
    .where('school_id', '=', schoolId)
    .where('deleted', '=', false)
    .execute();
  // A lesson's components in reading order: by chapter, then by place in the chapter.
  const components = await db
    .selectFrom(`${AUTHORING.lessonComponents} as c`)
    .innerJoin(`${AUTHORING.chapters} as ch`, 'ch.id', 'c.chapter_id')
    .select(['c.id', 'c.lesson_id', 'c.component_id', 'c.component_type', 'c.data', 'c.settings'])
    .where('c.lesson_id', 'in', ids)
    .where('c.deleted', '=', false)
    .where('ch.deleted', '=', false)
    .orderBy('ch.position')
    .orderBy('ch.id')
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  for (const lesson of lessons) {
    const id = lesson.id;
    found[id] = {
      id,
      kind: 'lesson',
      name: lesson.name,
      description: lesson.description ?? null,
      components: components.filter((c) => c.lesson_id === id).map(toComponent('lesson', id)),
    };
  }
  return found;
}
