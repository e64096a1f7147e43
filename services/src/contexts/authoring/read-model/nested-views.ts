import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import type { Row } from '../../../platform/http/records/collection';
import {
  chapterEntity,
  courseGroupEntity,
  courseMaterialEntity,
  lessonComponentEntity,
  quizComponentEntity,
} from './entities';
import { TABLES, type AuthoringTables } from './tables';

/** The parents whose nested views a batch touched; rebuilt once at the end of the batch. */
export class Dirty {
  readonly chapters = new Set<string>();
  readonly lessons = new Set<string>();
  readonly quizzes = new Set<string>();
  readonly groups = new Set<string>();
  readonly courses = new Set<string>();

  mark(set: Set<string>, ...ids: unknown[]): void {
    for (const id of ids) if (typeof id === 'string' && id) set.add(id);
  }
}

// Table and column are chosen by the caller, so this one read stays on the untyped transaction.
const live = (tx: ReadModelTx, table: string, column: string, id: string) =>
  tx
    .selectFrom(table)
    .selectAll()
    .where(column, '=', id)
    .where('deleted', '=', false)
    .orderBy('position')
    .orderBy('id')
    .execute() as Promise<Row[]>;

const sum = (rows: Row[]) => rows.reduce((total, row) => total + Number(row.points ?? 0), 0);

/**
 * Rebuilds the nested lists from the rows: children first (a chapter's components, a group's
 * materials), then their parents, which copy the children's already rebuilt lists. The result depends
 * only on the rows, so rebuilding twice gives the same answer.
 */
export async function rebuildNested(tx: ReadModelTx, dirty: Dirty): Promise<void> {
  const typed = txWithTables<AuthoringTables>(tx);
  for (const id of dirty.chapters) {
    const components = await live(tx, TABLES.lessonComponents, 'chapter_id', id);
    await typed
      .updateTable(TABLES.chapters)
      .set({ components: JSON.stringify(components.map(lessonComponentEntity)) })
      .where('id', '=', id)
      .execute();
  }
  for (const id of dirty.lessons) {
    const chapters = await live(tx, TABLES.chapters, 'lesson_id', id);
    const components = await live(tx, TABLES.lessonComponents, 'lesson_id', id);
    await typed
      .updateTable(TABLES.lessons)
      .set({ chapters: JSON.stringify(chapters.map(chapterEntity)), max_score: sum(components) })
      .where('id', '=', id)
      .execute();
  }
  for (const id of dirty.quizzes) {
    const components = await live(tx, TABLES.quizComponents, 'quiz_id', id);
    await typed
      .updateTable(TABLES.quizzes)
      .set({ components: JSON.stringify(components.map(quizComponentEntity)), max_score: sum(components) })
      .where('id', '=', id)
      .execute();
  }
  for (const id of dirty.groups) {
    const materials = await live(tx, TABLES.courseMaterials, 'course_group_id', id);
    await typed
      .updateTable(TABLES.courseGroups)
      .set({ materials: JSON.stringify(materials.map(courseMaterialEntity)) })
      .where('id', '=', id)
      .execute();
  }
  for (const id of dirty.courses) {
    const groups = await live(tx, TABLES.courseGroups, 'course_id', id);
    const loose = (await live(tx, TABLES.courseMaterials, 'course_id', id)).filter((m) => !m.course_group_id);
    await typed
      .updateTable(TABLES.courses)
      .set({
        groups: JSON.stringify(groups.map(courseGroupEntity)),
        materials: JSON.stringify(loose.map(courseMaterialEntity)),
      })
      .where('id', '=', id)
      .execute();
  }
}
