import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRecordsApp, tokenFor, type RecordsApp } from '../records/records-app';
import { everyQuestionType } from './questions';

/**
 * Malformed and half-valid requests across the authoring routes: valid lessons, components, quizzes
 * and courses with one field replaced by something odd, fields dropped or added, types swapped. None
 * may be a 5xx, every error is in the specification's shape, and whatever was accepted must not stop
 * the authoring projection (it still catches up at the end). A fixed seed reproduces a failure.
 */
const COUNT = 700;

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261123);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const weird: unknown[] = [
  '',
  ' ',
  'x'.repeat(60_000),
  'a\u0000b',
  '\ud800',
  '😀',
  "' OR 1=1 --",
  '{{x}}',
  '0000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '9999-12-31T23:59:59Z',
  null,
  true,
  -1,
  1.5,
  2 ** 31,
  1e308,
  [],
  [null],
  {},
  { deep: JSON.parse(`${'{"a":'.repeat(40)}"\\u0000"${'}'.repeat(40)}`) as unknown },
  Array.from({ length: 400 }, (_, i) => ({ id: `o${i}`, text: 'x' })),
];

/** Replaces one value somewhere in a JSON-like tree, or drops or adds a key. */
function mutate(value: unknown, depth = 0): unknown {
  if (depth > 0 && random() < 0.3) return pick(weird);
  if (Array.isArray(value)) {
    if (value.length === 0 || random() < 0.2) return [...value, pick(weird)];
    const copy = [...value];
    const i = Math.floor(random() * copy.length);
    copy[i] = mutate(copy[i], depth + 1);
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = random();
    if (roll < 0.1 && keys.length) delete copy[pick(keys)];
    else if (roll < 0.2)
      copy[pick(['extra', 'id', 'owner_id', 'school_id', 'audience', 'version'])] = pick(weird);
    else if (keys.length) {
      const key = pick(keys);
      copy[key] = mutate(copy[key], depth + 1);
    }
    return copy;
  }
  return pick(weird);
}

let records: RecordsApp;
const made: Record<string, string> = {};
beforeAll(async () => {
  records = await startRecordsApp();
});
afterAll(async () => records?.close());

const token = tokenFor('teacher', 'school-a');
async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  bearer = random() < 0.9 ? token : tokenFor('manager', 'school-a'),
) {
  const response = await records.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const where = `${method} ${url} ${JSON.stringify(payload)?.slice(0, 300)} → ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.json(), where).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
  }
  return response;
}

it(`answers ${COUNT} odd authoring requests without a 5xx, and the projection keeps up`, async () => {
  // Valid parents first, so that mutated children reach the deciders and the projection.
  const created = async (collection: string, body: object) => {
    const response = await send('POST', `/api/${collection}`, body, token);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { entity: { id: string } }).entity.id;
  };
  made.lesson = await created('lessons', { name: 'Урок' });
  made.chapter = await created('lesson-chapters', { lesson_id: made.lesson, name: 'Глава' });
  made.course = await created('courses', { name: 'Курс' });
  made.group = await created('course-groups', { course_id: made.course, name: 'Раздел' });
  made.quiz = await created('quiz', { name: 'Тест', components: everyQuestionType });
  made.component = await created('lesson-components', { chapter_id: made.chapter, ...everyQuestionType[0] });

  const valid: Record<string, () => object> = {
    lessons: () => ({ name: 'Урок', description: 'Описание', color: '#123456', settings: { a: 1 } }),
    'lesson-chapters': () => ({ lesson_id: made.lesson!, name: 'Глава', position: 1 }),
    'lesson-components': () => ({ chapter_id: made.chapter!, ...pick(everyQuestionType) }),
    quiz: () => ({ name: 'Тест', components: everyQuestionType }),
    courses: () => ({
      name: 'Курс',
      starting_at_type: 'date',
      starting_at: '2026-09-01T00:00:00Z',
      ending_at_type: 'date',
      ending_at: '2026-12-01T00:00:00Z',
      teachers: ['t1'],
    }),
    'course-groups': () => ({ course_id: made.course!, name: 'Раздел' }),
    'course-materials': () => ({
      course_id: made.course!,
      course_group_id: made.group!,
      type: 'lesson',
      lesson_id: made.lesson!,
    }),
  };
  const existing: Record<string, () => string> = {
    lessons: () => made.lesson!,
    'lesson-chapters': () => made.chapter!,
    'lesson-components': () => made.component!,
    quiz: () => made.quiz!,
    courses: () => made.course!,
    'course-groups': () => made.group!,
    'course-materials': () => made.group!,
  };
  let accepted = 0;
  for (let i = 0; i < COUNT; i++) {
    const collection = pick(Object.keys(valid));
    const body = random() < 0.85 ? mutate(valid[collection]!()) : pick(weird);
    const roll = random();
    const response =
      roll < 0.55
        ? await send('POST', `/api/${collection}`, body)
        : roll < 0.9
          ? await send('PUT', `/api/${collection}/${existing[collection]!()}`, body)
          : await send(
              'GET',
              `/api/${collection}?orderBy=${pick(['id', 'position', 'name', 'x'])}&limit=${pick([1, 0, 500])}`,
            );
    if (response.statusCode < 300) accepted++;
  }
  // Some mutations are harmless, so some writes went through: the run reached the projection.
  expect(accepted).toBeGreaterThan(20);
  await records.caughtUp();
  const lesson = await send('GET', `/api/lessons/${made.lesson!}`);
  expect(lesson.statusCode).toBe(200);
});
