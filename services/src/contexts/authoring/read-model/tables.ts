import {
  sql,
  type ColumnType,
  type CreateTableBuilder,
  type Generated,
  type Kysely,
  type Migration,
} from 'kysely';

/**
 * The authoring read models, one table per collection, all filled by one projection
 * (authoring.content) so that nested views (a lesson's chapters and their components, a course's
 * groups and materials, a quiz's components and max score) are rebuilt in the same transaction as the
 * rows they are made of. Every table has the record API's common columns.
 */
export const TABLES = {
  lessons: 'authoring_lessons',
  chapters: 'authoring_lesson_chapters',
  lessonComponents: 'authoring_lesson_components',
  quizzes: 'authoring_quizzes',
  quizComponents: 'authoring_quiz_components',
  courses: 'authoring_courses',
  courseGroups: 'authoring_course_groups',
  courseMaterials: 'authoring_course_materials',
} as const;

/** jsonb with a default: written as JSON text (or left to the default), read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** Nullable jsonb without a default. */
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** A nested list of entities (entities.ts), rebuilt from the rows by nested-views.ts. */
type Nested = Json<Record<string, unknown>[]>;

/** The common columns of every table below (`common`). */
interface CommonColumns {
  id: string;
  school_id: string | null;
  owner_id: string | null;
  version: number;
  deleted: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}

/** A lesson's or a quiz's component (`component`). */
interface ComponentColumns extends CommonColumns {
  component_id: string | null;
  component_type: string;
  position: Generated<number>;
  temporary_id: NullableJson<unknown>;
  points: Generated<number>;
  data: Json<Record<string, unknown>>;
  settings: Json<Record<string, unknown>>;
}

/** Who may see a course's rows: 'school' once published, the author's id while a draft. */
type Audience = Generated<string>;

/** The columns of 0500_authoring_content below. */
export interface AuthoringTables {
  authoring_lessons: CommonColumns & {
    status: string;
    image: string | null;
    color: string | null;
    name: string;
    description: string | null;
    is_unlisted: Generated<boolean>;
    max_score: Generated<number>;
    settings: Json<Record<string, unknown>>;
    chapters: Nested;
  };
  authoring_lesson_chapters: CommonColumns & {
    lesson_id: string;
    name: Generated<string>;
    description: string | null;
    position: Generated<number>;
    temporary_id: NullableJson<unknown>;
    settings: Json<Record<string, unknown>>;
    components: Nested;
  };
  authoring_lesson_components: ComponentColumns & { lesson_id: string | null; chapter_id: string };
  authoring_quizzes: CommonColumns & {
    image: string | null;
    color: string | null;
    name: string;
    description: string | null;
    is_unlisted: Generated<boolean>;
    max_score: Generated<number>;
    settings: Json<Record<string, unknown>>;
    components: Nested;
  };
  authoring_quiz_components: ComponentColumns & { quiz_id: string };
  authoring_courses: CommonColumns & {
    status: string;
    audience: Audience;
    availability_type: string;
    invite_code_id: string | null;
    certificate_id: string | null;
    image: string | null;
    name: string;
    description: string | null;
    short_description: string | null;
    starting_at_type: string;
    starting_at: Date | null;
    ending_at_type: string;
    ending_at: Date | null;
    /** User ids. */
    teachers: Json<string[]>;
    students: Json<string[]>;
    /** Product ids. */
    products: Json<string[]>;
    groups: Nested;
    /** The materials outside any group. */
    materials: Nested;
    settings: Json<Record<string, unknown>>;
  };
  authoring_course_groups: CommonColumns & {
    course_id: string;
    audience: Audience;
    name: string;
    description: string | null;
    position: Generated<number>;
    materials: Nested;
  };
  authoring_course_materials: CommonColumns & {
    course_id: string;
    audience: Audience;
    course_group_id: string | null;
    type: string;
    lesson_id: string | null;
    quiz_id: string | null;
    assignment_id: string | null;
    status: string;
    image: string | null;
    name: string | null;
    description: string | null;
    short_description: string | null;
    position: Generated<number>;
    settings: Json<Record<string, unknown>>;
  };
}

type Builder = CreateTableBuilder<string, never>;

function common(table: Builder): Builder {
  return (
    table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('school_id', 'text')
      // The author of the lesson, quiz or course; its chapters, components, groups and materials carry
      // their parent's author, so that 'own' in the access table means "of my lesson".
      .addColumn('owner_id', 'text')
      // Stream position of the last event applied: a replayed or re-delivered event changes nothing.
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
  );
}

const json = (table: Builder, column: string, fallback: string) =>
  table.addColumn(column, 'jsonb', (c) => c.notNull().defaultTo(sql.raw(`'${fallback}'::jsonb`)));

function component(table: Builder): Builder {
  let t = table
    .addColumn('component_id', 'text')
    .addColumn('component_type', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('temporary_id', 'jsonb')
    // The most the component can score, kept beside its data so sums need no JSON walking.
    .addColumn('points', 'double precision', (c) => c.notNull().defaultTo(0));
  t = json(t, 'data', '{}');
  return json(t, 'settings', '{}');
}

async function create(db: Kysely<unknown>, name: string, build: (t: Builder) => Builder) {
  await build(common(db.schema.createTable(name) as unknown as Builder)).execute();
  await db.schema.createIndex(`${name}_by_school`).on(name).columns(['school_id', 'id']).execute();
}

export const authoringMigrations: Record<string, Migration> = {
  '0500_authoring_content': {
    async up(db: Kysely<unknown>) {
      await create(db, TABLES.lessons, (t) =>
        json(
          json(
            t
              .addColumn('status', 'text', (c) => c.notNull())
              .addColumn('image', 'text')
              .addColumn('color', 'text')
              .addColumn('name', 'text', (c) => c.notNull())
              .addColumn('description', 'text')
              .addColumn('is_unlisted', 'boolean', (c) => c.notNull().defaultTo(false))
              .addColumn('max_score', 'double precision', (c) => c.notNull().defaultTo(0)),
            'settings',
            '{}',
          ),
          'chapters',
          '[]',
        ),
      );
      await create(db, TABLES.chapters, (t) =>
        json(
          json(
            t
              .addColumn('lesson_id', 'text', (c) => c.notNull())
              .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
              .addColumn('description', 'text')
              .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('temporary_id', 'jsonb'),
            'settings',
            '{}',
          ),
          'components',
          '[]',
        ),
      );
      await create(db, TABLES.lessonComponents, (t) =>
        component(t.addColumn('lesson_id', 'text').addColumn('chapter_id', 'text', (c) => c.notNull())),
      );
      await create(db, TABLES.quizzes, (t) =>
        json(
          json(
            t
              .addColumn('image', 'text')
              .addColumn('color', 'text')
              .addColumn('name', 'text', (c) => c.notNull())
              .addColumn('description', 'text')
              .addColumn('is_unlisted', 'boolean', (c) => c.notNull().defaultTo(false))
              .addColumn('max_score', 'double precision', (c) => c.notNull().defaultTo(0)),
            'settings',
            '{}',
          ),
          'components',
          '[]',
        ),
      );
      await create(db, TABLES.quizComponents, (t) =>
        component(t.addColumn('quiz_id', 'text', (c) => c.notNull())),
      );
      await create(db, TABLES.courses, (t) => {
        let c = t
          .addColumn('status', 'text', (col) => col.notNull())
          // Who may see the course: 'school' once published, the author's id while a draft.
          .addColumn('audience', 'text', (col) => col.notNull().defaultTo(''))
          .addColumn('availability_type', 'text', (col) => col.notNull())
          .addColumn('invite_code_id', 'text')
          .addColumn('certificate_id', 'text')
          .addColumn('image', 'text')
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('description', 'text')
          .addColumn('short_description', 'text')
          .addColumn('starting_at_type', 'text', (col) => col.notNull())
          .addColumn('starting_at', 'timestamptz')
          .addColumn('ending_at_type', 'text', (col) => col.notNull())
          .addColumn('ending_at', 'timestamptz');
        for (const column of ['teachers', 'students', 'products', 'groups', 'materials'])
          c = json(c, column, '[]');
        return json(c, 'settings', '{}');
      });
      await create(db, TABLES.courseGroups, (t) =>
        json(
          t
            .addColumn('course_id', 'text', (c) => c.notNull())
            .addColumn('audience', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('name', 'text', (c) => c.notNull())
            .addColumn('description', 'text')
            .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
          'materials',
          '[]',
        ),
      );
      await create(db, TABLES.courseMaterials, (t) =>
        json(
          t
            .addColumn('course_id', 'text', (c) => c.notNull())
            .addColumn('audience', 'text', (c) => c.notNull().defaultTo(''))
            .addColumn('course_group_id', 'text')
            .addColumn('type', 'text', (c) => c.notNull())
            .addColumn('lesson_id', 'text')
            .addColumn('quiz_id', 'text')
            .addColumn('assignment_id', 'text')
            .addColumn('status', 'text', (c) => c.notNull())
            .addColumn('image', 'text')
            .addColumn('name', 'text')
            .addColumn('description', 'text')
            .addColumn('short_description', 'text')
            .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)),
          'settings',
          '{}',
        ),
      );
      // Children are looked up by parent when nested views are rebuilt.
      for (const [table, column] of [
        [TABLES.chapters, 'lesson_id'],
        [TABLES.lessonComponents, 'chapter_id'],
        [TABLES.lessonComponents, 'lesson_id'],
        [TABLES.quizComponents, 'quiz_id'],
        [TABLES.courseGroups, 'course_id'],
        [TABLES.courseMaterials, 'course_id'],
      ] as const) {
        await db.schema.createIndex(`${table}_by_${column}`).on(table).column(column).execute();
      }
    },
  },
};
