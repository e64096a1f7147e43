import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf } from './http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let teacher: string;

const hostile =
  '<p onclick="steal()">Дробь <strong>x</strong></p><script>alert(1)</script>' +
  '<img src="/a.png" onerror="alert(2)"><a href="javascript:alert(3)">ссылка</a>' +
  '<span data-type="inline-math" data-latex="x^2"></span>';
const clean =
  '<p>Дробь <strong>x</strong></p><img src="/a.png" />' +
  '<a target="_blank" rel="noopener noreferrer">ссылка</a><span data-type="inline-math" data-latex="x^2"></span>';

/** Rich text is stored sanitised whichever route writes it: what a reader later gets can run nothing. */
describe('rich text of lessons and quizzes', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/rich-text-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url);
    teacher = await http.token('teacher');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a lesson saved with a script and an onerror handler comes back clean, and so does its edit', async () => {
    const lesson = entityOf(
      await http.call('POST', '/api/lessons', teacher, { name: 'Степени', description: hostile }),
      201,
    );
    expect(lesson.description).toBe(clean);
    const chapter = entityOf(
      await http.call('POST', '/api/lesson-chapters', teacher, { lesson_id: lesson.id, name: 'Квадрат' }),
      201,
    );
    const text = entityOf(
      await http.call('POST', '/api/lesson-components', teacher, {
        chapter_id: chapter.id,
        component_type: 'text',
        data: { content: hostile },
      }),
      201,
    );
    expect((text.data as { content: string }).content).toBe(clean);
    const question = entityOf(
      await http.call('POST', '/api/lesson-components', teacher, {
        chapter_id: chapter.id,
        component_type: 'open',
        position: 1,
        data: { question: hostile, sample_answer: '4' },
      }),
      201,
    );
    expect((question.data as { question: string }).question).toBe(clean);

    // An edit is cleaned as a create is.
    entityOf(
      await http.call('PUT', `/api/lessons/${lesson.id}`, teacher, {
        description: '<p>Новое</p><iframe src="https://evil.example"></iframe>',
      }),
    );
    const read = entityOf(await http.call('GET', `/api/lessons/${lesson.id}`, teacher));
    expect(read.description).toBe('<p>Новое</p>');
    const components = (read.chapters as { components: { data: Record<string, string> }[] }[])[0]!.components;
    expect(components.map((c) => c.data.content ?? c.data.question)).toEqual([clean, clean]);
    expect(JSON.stringify(read)).not.toMatch(/<script|onerror|onclick|javascript:|iframe/);
  });

  it("a quiz's description and question texts are cleaned, added and edited alike", async () => {
    const quiz = entityOf(
      await http.call('POST', '/api/quiz', teacher, {
        name: 'Степени',
        description: hostile,
        components: [
          { component_type: 'free', data: { question: hostile } },
          { component_type: 'text', data: { content: '<p>Материал</p><style>*{display:none}</style>' } },
        ],
      }),
      201,
    );
    expect(quiz.description).toBe(clean);
    const components = quiz.components as { id: string; data: Record<string, string> }[];
    expect(components.map((c) => c.data.question ?? c.data.content)).toEqual([clean, '<p>Материал</p>']);

    const edited = entityOf(
      await http.call('PUT', `/api/quiz/${quiz.id}`, teacher, {
        components: [
          {
            id: components[0]!.id,
            component_type: 'free',
            data: { question: '<b onmouseover="x()">Чему равно 2^2?</b>' },
          },
          { id: components[1]!.id, component_type: 'text', data: components[1]!.data },
        ],
      }),
    );
    const after = edited.components as { data: Record<string, string> }[];
    expect(after[0]!.data.question).toBe('<b>Чему равно 2^2?</b>');
  });

  it('plain text written before the editor is kept as it was', async () => {
    const lesson = entityOf(
      await http.call('POST', '/api/lessons', teacher, { name: 'Старый', description: 'A & B, 2 > 1' }),
      201,
    );
    expect(lesson.description).toBe('A & B, 2 > 1');
  });
});
