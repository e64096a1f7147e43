import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf } from './http';
import { everyQuestionType, everyQuestionTypeMaxScore } from './questions';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
type Component = { id: string; temporary_id: unknown; component_type: string; points: number };
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let teacher: string;

/** Quizzes of every question type, a code answer graded in the sandbox, and the OpenAPI document, as the demo teacher. */
describe('authoring: quizzes and grading', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/authoring-quizzes-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url);
    teacher = await http.token('teacher');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a teacher builds a quiz with every question type; max_score is the sum of its components', async () => {
    const created = entityOf(
      await http.call('POST', '/api/quiz', teacher, { name: 'Итоговый тест', components: everyQuestionType }),
      201,
    );
    const components = created.components as Component[];
    expect(components.map((c) => c.temporary_id)).toEqual(everyQuestionType.map((c) => c.temporary_id));
    expect(components.map((c) => c.points)).toEqual([2, 5, 1, 1, 3, 4]);
    expect(created.max_score).toBe(everyQuestionTypeMaxScore);

    // The editor saves the whole list: the code question edited, the essay dropped, a new one added.
    const [choice, , open, gaps, drag, code] = components;
    const saved = entityOf(
      await http.call('PUT', `/api/quiz/${created.id}`, teacher, {
        name: 'Итоговый тест (вариант 2)',
        components: [
          { id: choice!.id, component_type: 'choice', data: everyQuestionType[0]!.data },
          { id: open!.id, component_type: 'open', data: everyQuestionType[2]!.data },
          { id: gaps!.id, component_type: 'fill-space', data: everyQuestionType[3]!.data },
          { id: drag!.id, component_type: 'drag-and-drop', data: everyQuestionType[4]!.data },
          {
            id: code!.id,
            component_type: 'code',
            data: { ...everyQuestionType[5]!.data, languages: ['python'] },
          },
          { temporary_id: 'tmp-new', component_type: 'open', data: { question: 'Ещё вопрос' } },
        ],
      }),
    );
    const after = saved.components as (Component & { data: { languages?: string[] } })[];
    expect(after).toHaveLength(6);
    const added = after.find((c) => c.temporary_id === 'tmp-new')!;
    expect(added.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.find((c) => c.id === code!.id)!.data.languages).toEqual(['python']);
    expect(after.map((c) => c.id)).not.toContain(components[1]!.id);
    // 2 + 1 + 1 + 3 + 4 + 1 (the new open question's default point)
    expect(saved).toMatchObject({ name: 'Итоговый тест (вариант 2)', max_score: 12 });

    const trimmed = await http.call('GET', `/api/quiz/${created.id}`, teacher, undefined, {
      'X-Requested-Fields': 'max_score, components.id',
    });
    expect(trimmed.body.entity).toEqual({ max_score: 12, components: after.map((c) => ({ id: c.id })) });
  });

  it('a code answer in an assignment is run in the sandbox and graded at once', async () => {
    const quizzes = (await http.call('GET', '/api/quiz', teacher)).body.entities as {
      id: string;
      name: string;
    }[];
    const programming = quizzes.find((q) => q.name === 'Программирование: задачи')!;
    const classes = (await http.call('GET', '/api/classes', teacher)).body.entities as {
      id: string;
      name: string;
    }[];
    const assignment = entityOf(
      await http.call('POST', '/api/assignments', teacher, {
        type: 'quiz',
        quizzes: [programming.id],
        class_id: classes.find((c) => c.name === '7 «А»')!.id,
        is_proctoring: false,
      }),
      201,
    ) as { id: string; components: { id: string; type: string }[] };
    const code = assignment.components.find((c) => c.type === 'code')!;
    const student = await http.token('student');
    const attempt = entityOf(
      await http.call('POST', '/api/assignment-attempts', student, { assignment_id: assignment.id }),
      201,
    );
    const answer = (source: string) =>
      http.call('POST', '/api/assignment-results', student, {
        assignment_attempt_id: attempt.id,
        component_id: code.id,
        component_type: 'code',
        answer: { language: 'javascript', source },
      });
    const read = "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\n";
    // The student's reply keeps the verdict (default flags): the teacher reads what the runner found.
    const graded = async (source: string) => {
      const taken = entityOf(await answer(source), 201) as { id: string };
      return entityOf(await http.call('GET', `/api/assignment-results/${taken.id}`, teacher));
    };
    // Right for small numbers only: the last test's large sum differs.
    const differs = (await graded(`${read}console.log(a + b > 1000 ? 0 : a + b);`)) as unknown as {
      result: number;
      points: number;
      report: { verdict: string; tests: { verdict: string }[] };
    };
    expect(differs).toMatchObject({ result: 2, points: 2, report: { verdict: 'differs' } });
    expect(differs.report.tests.map((t) => t.verdict)).toEqual(['accepted', 'accepted', 'differs']);
    const accepted = await graded(`${read}console.log(a + b);`);
    expect(accepted).toMatchObject({ result: 3, points: 4, report: { verdict: 'accepted' } });
    // Answering again replaced the result: one result for the question.
    const results = (
      await http.call('GET', `/api/assignment-results?filter[assignment_id]=${assignment.id}`, student)
    ).body.entities as { id: string }[];
    expect(results).toHaveLength(1);
  });

  it('documents the collections in OpenAPI, from the schemas that validate them', async () => {
    const response = await fetch(`${platform.url}/docs/json`);
    expect(response.status).toBe(200);
    const paths = Object.keys(((await response.json()) as { paths: object }).paths);
    for (const collection of [
      'lessons',
      'lesson-chapters',
      'lesson-components',
      'quiz',
      'courses',
      'course-groups',
      'course-materials',
    ]) {
      expect(paths).toEqual(expect.arrayContaining([`/api/${collection}`, `/api/${collection}/{id}`]));
    }
  });
});
