import type { StoredEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../../../tests/support/events';
import type { ContextServices } from '../../platform/context';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../tests/support/platform-fixture';
import type { Caller } from '../../platform/http/caller';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { authoringContext } from '../authoring';
import { quiz } from '../authoring/collections';
import { quizHandler } from '../authoring/records/handlers';
import { assignmentHandler } from './assignments/commands';
import { classHandler } from './classes/commands';
import { gradingPort } from './grading-port';
import { assignmentsProjection } from './read-model/projection';
import { TABLES } from './read-model/tables';
import { actOnStudent, finishAttempt, recordAnswer, reviewResult, startAttempt } from './work/commands';
import { postComment } from './work/comments';
import { assignmentsContext } from './index';
import { assignmentSchema, classSchema } from '@sabaq/events';

let env: StoreAndReadModels;
let runner: ProjectionRunner;
let n = 0;
let services: ContextServices;
beforeAll(async () => {
  env = await storeAndReadModels({ ...authoringContext.migrations, ...assignmentsContext.migrations });
  runner = new ProjectionRunner({
    store: env.store,
    db: env.db,
    projections: [...authoringContext.projections, assignmentsProjection],
  });
  await runner.start();
  services = {
    store: env.store,
    db: env.db,
    clock: () => new Date('2026-09-01T08:00:00.000Z'),
    newId: () => `id-${++n}`,
  } as unknown as ContextServices;
});
afterAll(async () => {
  await runner?.stop();
  await env?.close();
});

const caller = (group: Caller['group'], userId: string): Caller => ({
  userId,
  group,
  schoolId: 'school-1',
  pendingChallenges: [],
});
const teacher = caller('teacher', 'teacher-1');
const s1 = caller('student', 's1');
const s2 = caller('student', 's2');

async function replay(events: StoredEvent[]): Promise<void> {
  const handled = events.filter((e) => assignmentsProjection.handles.includes(e.type));
  await env.db.transaction().execute((tx) => assignmentsProjection.apply(tx, handled));
}

async function snapshot() {
  const tables: Record<string, unknown[]> = {};
  for (const table of Object.values(TABLES)) {
    tables[table] = await env.db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return tables;
}

describe('the assignments read models', () => {
  it('end the same whether every event is applied once, twice, or rebuilt from zero', async () => {
    const quizData = quiz.create.parse({
      name: 'Дроби',
      components: [
        {
          component_type: 'choice',
          data: {
            question: '1/2 + 1/2?',
            options: [
              { id: 'a', text: '1' },
              { id: 'b', text: '2' },
            ],
            correct: ['a'],
          },
          settings: { points: 2 },
        },
        { component_type: 'free', data: { question: 'Объясните' }, settings: { points: 5 } },
      ],
    });
    await quizHandler(services, { type: 'create', id: 'quiz-1', data: quizData }, teacher);
    const classData = classSchema.parse({ name: '7 А', students: ['s1', 's2'] });
    await classHandler(services, { type: 'create', id: 'class-1', data: classData }, teacher);
    const input = assignmentSchema.parse({
      type: 'quiz',
      quizzes: ['quiz-1'],
      class_id: 'class-1',
      complete_time: 60,
    });
    await assignmentHandler(services, { type: 'create', id: 'as-1', data: input }, teacher);

    const assignment = await env.db
      .selectFrom(TABLES.assignments)
      .selectAll()
      .where('id', '=', 'as-1')
      .executeTakeFirstOrThrow();
    const components = (assignment.record as { components: { id: string; type: string }[] }).components;
    const [choice, essay] = components;
    expect(assignment).toMatchObject({ name: 'Дроби', students: ['s1', 's2'], points: 7 });

    const grade = gradingPort();
    await startAttempt(services, s1, 'at-1', 'as-1');
    await startAttempt(services, s2, 'at-2', 'as-1');
    await recordAnswer(
      services,
      s1,
      {
        assignment_attempt_id: 'at-1',
        component_id: choice!.id,
        component_type: 'choice',
        answer: { selected: ['a'] },
      },
      grade,
    );
    const essayResult = await recordAnswer(
      services,
      s1,
      {
        assignment_attempt_id: 'at-1',
        component_id: essay!.id,
        component_type: 'free',
        answer: { text: 'Потому что' },
      },
      grade,
    );
    await recordAnswer(
      services,
      s2,
      {
        assignment_attempt_id: 'at-2',
        component_id: choice!.id,
        component_type: 'choice',
        answer: { selected: ['b'] },
      },
      grade,
    );
    await finishAttempt(services, s1, 'at-1');
    await reviewResult(services, teacher, { assignment_result_id: essayResult, points: 4 });
    await postComment(services, teacher, 'comment-1', {
      assignment_id: 'as-1',
      assignment_result_id: essayResult,
      message: 'Хорошо',
    });
    await actOnStudent(services, teacher, 'as-1', 's2', 'time', 10);
    await classHandler(services, { type: 'update', id: 'class-1', changes: { name: '7 Б' } }, teacher);

    const events = await everyEvent(env.store);
    const once = await snapshot();
    await replay(events);
    await replay(events);
    expect(await snapshot()).toEqual(once);
    // An older event delivered again after newer ones changes nothing either.
    await replay(events.filter((e) => e.type === 'AssignmentAttemptStarted' || e.type === 'ClassCreated'));
    expect(await snapshot()).toEqual(once);
    await env.db.transaction().execute((tx) => assignmentsProjection.reset(tx));
    await replay(events);
    expect(await snapshot()).toEqual(once);

    const byStudent = (rows: unknown[]) =>
      [...(rows as { student_id: string }[])].sort((a, b) => a.student_id.localeCompare(b.student_id));
    // s1: the choice right (2) and the essay reviewed at 4; s2: the choice wrong.
    expect(byStudent(once[TABLES.scores]!)).toEqual([
      expect.objectContaining({ student_id: 's1', owner_id: 's1', school_id: 'school-1', score: 6 }),
      expect.objectContaining({ student_id: 's2', score: 0 }),
    ]);
    expect(once[TABLES.attempts]).toEqual([
      expect.objectContaining({ id: 'at-1', status: 'finished', finish_reason: 'student', points: 6 }),
      expect.objectContaining({ id: 'at-2', status: 'active', points: 0, state: { extra_minutes: 10 } }),
    ]);
    expect(once[TABLES.classes]).toEqual([
      expect.objectContaining({ name: '7 Б', students_count: 2, teachers: ['teacher-1'] }),
    ]);
    expect(once[TABLES.comments]).toEqual([
      expect.objectContaining({ student_id: 's1', user_id: 'teacher-1', message: 'Хорошо' }),
    ]);
  });
});
