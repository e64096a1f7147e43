import {
  componentMaxPoints,
  CourseEvents,
  CourseGroupEvents,
  CourseMaterialEvents,
  courseGroupSchema,
  courseMaterialSchema,
  courseSchema,
  LessonChapterEvents,
  lessonChapterSchema,
  LessonComponentEvents,
  lessonComponentSchema,
  LessonEvents,
  lessonSchema,
  QuizComponentAdded,
  QuizComponentRemoved,
  QuizComponentUpdated,
  quizComponentSchema,
  QuizEvents,
  quizSchema,
  authoringContract,
  isEvent,
  type StoredEvent,
} from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { Dirty, rebuildNested } from './nested-views';
import { columnValues, rowOf, writeChanges, writeCreated, writeDeleted } from './record-writes';
import { TABLES, type AuthoringTables } from './tables';

export const AUTHORING_PROJECTION = 'authoring.content';

type Data = Record<string, unknown>;
type Handler = (tx: ReadModelTx, event: StoredEvent, data: Data, dirty: Dirty) => Promise<void>;

const fields = (schema: { shape: object }) => Object.keys(schema.shape);
const typed = (tx: ReadModelTx) => txWithTables<AuthoringTables>(tx);
type Table = (typeof TABLES)[keyof typeof TABLES];

/**
 * One kind of record: its table and columns, and what a change means for the rows around it
 * (children take their parent's author and school; nested lists of the parents are rebuilt).
 */
interface Kind {
  table: Table;
  columns: string[];
  events: { created: { type: string }; updated: { type: string }; deleted: { type: string } };
  /** After a create or an edit: inherit from the parent, mark the nested views to rebuild. */
  settle?(tx: ReadModelTx, id: string, before: Data | undefined, dirty: Dirty): Promise<void>;
  /** After a delete: tombstone the children, mark the parent's view. */
  removed?(tx: ReadModelTx, row: Data | undefined, dirty: Dirty): Promise<void>;
}

/**
 * A child row takes its parent's author and school (and a course's audience), and is gone if the
 * parent is.
 */
async function inherit(tx: ReadModelTx, table: Table, id: string, parentTable: Table, parentId: unknown) {
  // Any parent's row: the audience is a course's only.
  const parent: Data | undefined = await rowOf(tx, parentTable, String(parentId ?? ''));
  if (!parent) return;
  await tx
    .updateTable(table)
    .set({
      owner_id: parent.owner_id,
      school_id: parent.school_id,
      ...(typeof parent.audience === 'string' ? { audience: parent.audience } : {}),
      ...(parent.deleted ? { deleted: true } : {}),
    })
    .where('id', '=', id)
    .execute();
}

const cascade = (tx: ReadModelTx, table: string, column: string, id: unknown) =>
  tx.updateTable(table).set({ deleted: true }).where(column, '=', String(id)).execute();

const kinds: Kind[] = [
  {
    table: TABLES.lessons,
    columns: fields(lessonSchema),
    events: LessonEvents,
    async removed(tx, row) {
      await cascade(tx, TABLES.chapters, 'lesson_id', row?.id);
      await cascade(tx, TABLES.lessonComponents, 'lesson_id', row?.id);
    },
  },
  {
    table: TABLES.chapters,
    columns: fields(lessonChapterSchema),
    events: LessonChapterEvents,
    async settle(tx, id, before, dirty) {
      const row = await rowOf(tx, TABLES.chapters, id);
      await inherit(tx, TABLES.chapters, id, TABLES.lessons, row?.lesson_id);
      // Components follow their chapter to another lesson.
      await typed(tx)
        .updateTable(TABLES.lessonComponents)
        .set({ lesson_id: row?.lesson_id })
        .where('chapter_id', '=', id)
        .execute();
      dirty.mark(dirty.chapters, id);
      dirty.mark(dirty.lessons, row?.lesson_id, before?.lesson_id);
    },
    async removed(tx, row, dirty) {
      await cascade(tx, TABLES.lessonComponents, 'chapter_id', row?.id);
      dirty.mark(dirty.lessons, row?.lesson_id);
    },
  },
  {
    table: TABLES.lessonComponents,
    columns: fields(lessonComponentSchema),
    events: LessonComponentEvents,
    async settle(tx, id, before, dirty) {
      const row = (await rowOf(tx, TABLES.lessonComponents, id))!;
      const chapter = await rowOf(tx, TABLES.chapters, row.chapter_id);
      await inherit(tx, TABLES.lessonComponents, id, TABLES.chapters, row.chapter_id);
      await typed(tx)
        .updateTable(TABLES.lessonComponents)
        .set({ lesson_id: chapter?.lesson_id ?? null, points: componentMaxPoints(row) })
        .where('id', '=', id)
        .execute();
      dirty.mark(dirty.chapters, row.chapter_id, before?.chapter_id);
      dirty.mark(dirty.lessons, chapter?.lesson_id, before?.lesson_id);
    },
    async removed(_tx, row, dirty) {
      dirty.mark(dirty.chapters, row?.chapter_id);
      dirty.mark(dirty.lessons, row?.lesson_id);
    },
  },
  {
    table: TABLES.quizzes,
    columns: fields(quizSchema),
    events: QuizEvents,
    async removed(tx, row) {
      await cascade(tx, TABLES.quizComponents, 'quiz_id', row?.id);
    },
  },
  {
    table: TABLES.courses,
    columns: fields(courseSchema),
    events: CourseEvents,
    async settle(tx, id, _before, dirty) {
      // A draft is seen by its author only; published, by the school (see routes.ts).
      await typed(tx)
        .updateTable(TABLES.courses)
        .set({
          audience: sql<string>`CASE WHEN status = 'published' THEN 'school' ELSE coalesce(owner_id, '') END`,
        })
        .where('id', '=', id)
        .execute();
      // What is in a draft course is as private as the course.
      const course = await rowOf(tx, TABLES.courses, id);
      for (const table of [TABLES.courseGroups, TABLES.courseMaterials]) {
        await typed(tx)
          .updateTable(table)
          .set({ audience: course?.audience })
          .where('course_id', '=', id)
          .execute();
      }
      dirty.mark(dirty.courses, id);
    },
    async removed(tx, row) {
      await cascade(tx, TABLES.courseGroups, 'course_id', row?.id);
      await cascade(tx, TABLES.courseMaterials, 'course_id', row?.id);
    },
  },
  {
    table: TABLES.courseGroups,
    columns: fields(courseGroupSchema),
    events: CourseGroupEvents,
    async settle(tx, id, before, dirty) {
      const row = await rowOf(tx, TABLES.courseGroups, id);
      await inherit(tx, TABLES.courseGroups, id, TABLES.courses, row?.course_id);
      dirty.mark(dirty.groups, id);
      dirty.mark(dirty.courses, row?.course_id, before?.course_id);
    },
    async removed(tx, row, dirty) {
      await cascade(tx, TABLES.courseMaterials, 'course_group_id', row?.id);
      dirty.mark(dirty.courses, row?.course_id);
    },
  },
  {
    table: TABLES.courseMaterials,
    columns: fields(courseMaterialSchema),
    events: CourseMaterialEvents,
    async settle(tx, id, before, dirty) {
      const row = await rowOf(tx, TABLES.courseMaterials, id);
      await inherit(tx, TABLES.courseMaterials, id, TABLES.courses, row?.course_id);
      const group = row?.course_group_id
        ? await rowOf(tx, TABLES.courseGroups, row.course_group_id)
        : undefined;
      if (group?.deleted) {
        await typed(tx)
          .updateTable(TABLES.courseMaterials)
          .set({ deleted: true })
          .where('id', '=', id)
          .execute();
      }
      dirty.mark(dirty.groups, row?.course_group_id, before?.course_group_id);
      dirty.mark(dirty.courses, row?.course_id, before?.course_id);
    },
    async removed(_tx, row, dirty) {
      dirty.mark(dirty.groups, row?.course_group_id);
      dirty.mark(dirty.courses, row?.course_id);
    },
  },
];

const handlers = new Map<string, Handler>();
for (const kind of kinds) {
  handlers.set(kind.events.created.type, async (tx, event, data, dirty) => {
    const id = String(data.id);
    await writeCreated(tx, kind.table, id, columnValues(kind.columns, data), event);
    await kind.settle?.(tx, id, undefined, dirty);
  });
  handlers.set(kind.events.updated.type, async (tx, event, data, dirty) => {
    const id = String(data.id);
    const before = await rowOf(tx, kind.table, id);
    await writeChanges(tx, kind.table, id, columnValues(kind.columns, (data.changes ?? {}) as Data), event);
    if (before) await kind.settle?.(tx, id, before, dirty);
  });
  handlers.set(kind.events.deleted.type, async (tx, event, data, dirty) => {
    const id = String(data.id);
    await writeDeleted(tx, kind.table, id, event);
    await kind.removed?.(tx, await rowOf(tx, kind.table, id), dirty);
  });
}

// A quiz's components are rows of their own, written at the quiz stream's positions.
const componentColumns = fields(quizComponentSchema);
async function settleQuizComponent(tx: ReadModelTx, id: string, quizId: string, dirty: Dirty) {
  const row = await rowOf(tx, TABLES.quizComponents, id);
  if (!row) return;
  await inherit(tx, TABLES.quizComponents, id, TABLES.quizzes, quizId);
  await typed(tx)
    .updateTable(TABLES.quizComponents)
    .set({ points: componentMaxPoints(row) })
    .where('id', '=', id)
    .execute();
  dirty.mark(dirty.quizzes, quizId);
}
handlers.set(QuizComponentAdded.type, async (tx, event, data, dirty) => {
  const id = String(data.id);
  const values = { ...columnValues(componentColumns, data), quiz_id: data.quiz_id };
  await writeCreated(tx, TABLES.quizComponents, id, values, event);
  await settleQuizComponent(tx, id, String(data.quiz_id), dirty);
});
handlers.set(QuizComponentUpdated.type, async (tx, event, data, dirty) => {
  const id = String(data.id);
  await writeChanges(
    tx,
    TABLES.quizComponents,
    id,
    columnValues(componentColumns, data.changes as Data),
    event,
  );
  await settleQuizComponent(tx, id, String(data.quiz_id), dirty);
});
handlers.set(QuizComponentRemoved.type, async (tx, event, data, dirty) => {
  await writeDeleted(tx, TABLES.quizComponents, String(data.id), event);
  dirty.mark(dirty.quizzes, data.quiz_id);
});

const AUTHORING_TYPES = authoringContract.events.map((e) => e.type);

/** Every authoring record and the nested views built from them, in one read-model transaction. */
export const authoringProjection: Projection = {
  name: AUTHORING_PROJECTION,
  version: 1,
  handles: [...handlers.keys()],
  async apply(tx, events) {
    const dirty = new Dirty();
    for (const event of events)
      if (isEvent(event, ...AUTHORING_TYPES)) await handlers.get(event.type)?.(tx, event, event.data, dirty);
    await rebuildNested(tx, dirty);
  },
  async reset(tx) {
    for (const table of Object.values(TABLES)) await tx.deleteFrom(table).execute();
  },
};
