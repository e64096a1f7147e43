import { sql } from 'kysely';
import type { Caller } from '../../../platform/http/caller';
import { authorize, type Action, type Scope } from '../../../platform/http/records/access';
import { authoringRecordAccess } from '../access-rules';
import { ForbiddenError } from '../../../platform/errors';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import { TABLES, type AuthoringTables } from '../read-model/tables';
import type { ReferenceView, References } from './record-rules';

/**
 * Where each reference field points and what the caller must be allowed to do there: to add a chapter
 * to a lesson one must be allowed to edit the lesson; to put a lesson into a course, only to read it.
 */
/** A table a reference field may name. */
type Target = {
  table: (typeof TABLES)['lessons' | 'chapters' | 'courses' | 'courseGroups' | 'quizzes'];
  collection: string;
  action: Action;
};
const TARGETS: Record<string, Target> = {
  lesson_id: { table: TABLES.lessons, collection: 'lessons', action: 'update' },
  chapter_id: { table: TABLES.chapters, collection: 'lesson-chapters', action: 'update' },
  course_id: { table: TABLES.courses, collection: 'courses', action: 'update' },
  course_group_id: { table: TABLES.courseGroups, collection: 'course-groups', action: 'update' },
  quiz_id: { table: TABLES.quizzes, collection: 'quiz', action: 'get' },
};
/** A course material only reads its lesson. */
const MATERIAL_LESSON: Target = { table: TABLES.lessons, collection: 'lessons', action: 'get' };

/** Tables whose rows are private to their author while their course is a draft. */
export const AUDIENCE_TABLES = new Set<string>([TABLES.courses, TABLES.courseGroups, TABLES.courseMaterials]);

/** The named rows as the caller may use them; a row out of reach is null, as if absent. */
export async function resolveReferences(
  db: ReadModelDb,
  caller: Caller,
  category: string,
  named: Record<string, string>,
): Promise<References> {
  const found: References = {};
  for (const [field, id] of Object.entries(named)) {
    const target = category === 'course_material' && field === 'lesson_id' ? MATERIAL_LESSON : TARGETS[field];
    found[field] = target ? await visibleRow(db, caller, target, id) : null;
  }
  return found;
}

async function visibleRow(
  db: ReadModelDb,
  caller: Caller,
  target: Target,
  id: string,
): Promise<ReferenceView | null> {
  let scope: Scope;
  try {
    scope = authorize(authoringRecordAccess, target.collection, target.action, caller);
  } catch (error) {
    if (error instanceof ForbiddenError) return null;
    throw error;
  }
  let query = withTables<AuthoringTables>(db)
    .selectFrom(target.table)
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false);
  if (scope.kind !== 'all') {
    query =
      scope.schoolId === null
        ? query.where(sql<boolean>`false`)
        : query.where('school_id', '=', scope.schoolId);
  }
  if (scope.kind === 'own') query = query.where('owner_id', '=', scope.userId);
  if (AUDIENCE_TABLES.has(target.table)) query = query.where('audience', 'in', ['school', caller.userId]);
  return (await query.executeTakeFirst()) ?? null;
}
