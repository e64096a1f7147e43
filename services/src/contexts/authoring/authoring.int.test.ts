import type { StoredEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../../../tests/support/events';
import type { ContextServices } from '../../platform/context';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../tests/support/platform-fixture';
import { uuidV5 } from '../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../identity/seed';
import { authoringProjection } from './read-model/projection';
import { TABLES } from './read-model/tables';
import { appendDecided } from './records/append';
import { quizDecider, quizStream, type QuizEvent } from './records/quiz-decider';
import { seedAuthoringDemo } from './seed/seed';
import { authoringContext } from './index';

let env: StoreAndReadModels;
beforeAll(async () => {
  env = await storeAndReadModels(authoringContext.migrations);
});
afterAll(async () => {
  await env?.close();
});

const demoId = (path: string) => uuidV5(`demo-authoring:${path}`);
const teacher = { userId: 'teacher-1', schoolId: 'school-1' };

async function replay(events: StoredEvent[]): Promise<void> {
  const handled = events.filter((e) => authoringProjection.handles.includes(e.type));
  await env.db.transaction().execute((tx) => authoringProjection.apply(tx, handled));
}

async function snapshot() {
  const tables: Record<string, unknown[]> = {};
  for (const table of Object.values(TABLES)) {
    tables[table] = await env.db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return tables;
}

const row = (table: string, id: string) =>
  env.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the authoring read models', () => {
  it('end the same whether every event is applied once, twice, or rebuilt from zero', async () => {
    let n = 0;
    const services = {
      store: env.store,
      db: env.db,
      clock: () => new Date('2026-09-01T08:00:00.000Z'),
      newId: () => `id-${++n}`,
      demo: true,
    } as unknown as ContextServices;
    await seedAuthoringDemo(services);
    const seeded = (await everyEvent(env.store)).length;
    await seedAuthoringDemo(services);
    expect((await everyEvent(env.store)).length).toBe(seeded);

    // A few edits after the seed: a chapter removed, a course back to draft, a quiz question changed.
    const rivers = demoId('lesson:geography:chapter:rivers');
    await appendDecided(
      services,
      `lesson_chapter-${rivers}`,
      0,
      [{ type: 'LessonChapterDeleted', data: { id: rivers } }],
      teacher,
    );
    const course = demoId('course:programming-course');
    await appendDecided(
      services,
      `course-${course}`,
      0,
      [{ type: 'CourseUpdated', data: { id: course, changes: { status: 'draft' } } }],
      teacher,
    );
    const quizId = demoId('quiz:basics');
    const history = await env.store.readStream(quizStream(quizId));
    const state = history.reduce(
      (s, e) => quizDecider.evolve(s, e as unknown as QuizEvent),
      quizDecider.initialState,
    );
    if (state.status !== 'live') throw new Error('the demo quiz is missing');
    const essay = demoId('quiz:basics:component:essay');
    const single = demoId('quiz:basics:component:single');
    const edit = quizDecider.decide(
      {
        type: 'update',
        id: quizId,
        changes: {},
        components: [...state.components.entries()]
          .filter(([id]) => id !== essay)
          .map(([id, fields]) => ({
            id,
            isNew: false,
            fields: id === single ? { ...fields, settings: { ...fields.settings, points: 3 } } : fields,
          })),
      },
      state,
    );
    await appendDecided(services, quizStream(quizId), history.length - 1, edit, teacher);

    const events = await everyEvent(env.store);
    await replay(events);
    const once = await snapshot();
    await replay(events);
    expect(await snapshot()).toEqual(once);
    // Older events delivered again after newer ones change nothing either.
    await replay(events.slice(0, Math.floor(events.length / 2)));
    expect(await snapshot()).toEqual(once);
    await env.db.transaction().execute((tx) => authoringProjection.reset(tx));
    await replay(events);
    expect(await snapshot()).toEqual(once);

    // The nested views and sums the API answers.
    const geography = await row(TABLES.lessons, demoId('lesson:geography'));
    expect(geography).toMatchObject({
      owner_id: demoUserId('teacher'),
      school_id: DEMO_SCHOOL_ID,
      max_score: 1,
    });
    expect((geography.chapters as { id: string }[]).map((c) => c.id)).toEqual([
      demoId('lesson:geography:chapter:cities'),
    ]);
    const cities = (geography.chapters as { components: { component_type: string }[] }[])[0]!;
    expect(cities.components.map((c) => c.component_type)).toEqual(['text', 'media', 'fill-space']);
    expect(
      await row(TABLES.lessonComponents, demoId('lesson:geography:component:rivers-text')),
    ).toMatchObject({
      deleted: true,
    });
    const basics = await row(TABLES.quizzes, quizId);
    // 3 (single, edited) + 2 + 2 + 2 + 1; the essay (5) was removed.
    expect(basics.max_score).toBe(10);
    expect((basics.components as { id: string }[]).map((c) => c.id)).not.toContain(essay);
    expect((await row(TABLES.quizzes, demoId('quiz:programming'))).max_score).toBe(5);
    // The draft course and what is in it are its author's only.
    const draft = await row(TABLES.courses, course);
    expect(draft).toMatchObject({ status: 'draft', audience: draft.owner_id });
    const material = await row(
      TABLES.courseMaterials,
      demoId('course:programming-course:material:week-1:lesson'),
    );
    expect(material).toMatchObject({
      audience: draft.owner_id,
      name: 'Введение в программирование на Python',
    });
    const groups = draft.groups as { materials: { type: string }[] }[];
    expect(groups[0]!.materials.map((m) => m.type)).toEqual(['lesson', 'quiz']);
  });
});
