import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, PHONE, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };
const QUIZ = 'Дроби: повторение';

/**
 * Issue 18's acceptance for editing and deleting (docs/assignments.md "Editing an assignment",
 * docs/authoring.md "Deleting"): an assignment a student already started is edited through the
 * filled form (a forbidden change refused with its reason, an allowed one saved), and the quiz it was
 * made from is deleted after the confirmation, leaving the assignment working.
 */
describe('an assignment edited and its quiz deleted', () => {
  const demo = new DemoPlatform();
  let teacher = '';
  let student = '';
  let quizId = '';
  let assignmentId = '';

  const api = async (token: string, method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${demo.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // The API's answers are read freely here; their shapes are the blackbox suites' to check.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
  };

  beforeAll(async () => {
    await demo.start();
    teacher = (await demo.tokensOf('teacher')).access_token!;
    student = (await demo.tokensOf('student')).access_token!;
    const quiz = await api(teacher, 'POST', '/api/quiz', {
      name: QUIZ,
      components: [
        {
          component_type: 'choice',
          data: {
            question: '1/2 + 1/4 = ?',
            options: [
              { id: 'a', text: '3/4' },
              { id: 'b', text: '2/6' },
            ],
            correct: ['a'],
          },
          settings: { points: 1 },
        },
      ],
    });
    expect(quiz.status).toBe(201);
    quizId = quiz.body.entity.id;
    const classes = await api(teacher, 'GET', '/api/classes');
    const klass = (classes.body.entities as { id: string; name: string }[]).find((c) =>
      c.name.startsWith('7'),
    );
    const assignment = await api(teacher, 'POST', '/api/assignments', {
      type: 'quiz',
      quizzes: [quizId],
      class_id: klass!.id,
      is_proctoring: false,
      max_attempts: 2,
    });
    expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
    assignmentId = assignment.body.entity.id;
    // A student starts: from now on the questions and the counting stay as they are.
    const attempt = await api(student, 'POST', '/api/assignment-attempts', { assignment_id: assignmentId });
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(201);
  });
  afterAll(() => demo.stop());

  it('the teacher edits the started assignment: a forbidden change is refused, an allowed one saved', async () => {
    const page = await demo.signedInPage('teacher', `/t/assignments/${assignmentId}`);
    await page.getByRole('heading', { level: 1, name: QUIZ }).waitFor(POLL);
    await page.getByRole('toolbar').getByRole('link', { name: 'Изменить' }).click();
    await page.waitForURL(`${demo.url}/t/assignments/${assignmentId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Изменить задание' }).waitFor(POLL);
    // The same form, filled with what is stored.
    expect(await page.getByRole('combobox', { name: 'Количество попыток' }).inputValue()).toBe('2 попытки');

    await page.getByRole('combobox', { name: 'Подсчёт баллов' }).click();
    await page.getByRole('option', { name: 'Средний балл' }).click();
    await page.getByTestId('assignment-save').click();
    const errors = page.getByTestId('assignment-form-errors');
    await errors
      .getByText('Способ подсчёта баллов нельзя изменить: ученики уже начали попытки')
      .waitFor(POLL);
    await errors.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('assignment-edit-refused') });

    await page.getByRole('combobox', { name: 'Подсчёт баллов' }).click();
    await page.getByRole('option', { name: 'Сумма баллов' }).click();
    await page.getByRole('combobox', { name: 'Количество попыток' }).click();
    await page.getByRole('option', { name: '3 попытки' }).click();
    await page.getByTestId('assignment-save').click();
    await page.waitForURL(`${demo.url}/t/assignments/${assignmentId}`, POLL);
    await expect.poll(() => page.getByTestId('assignment-info').textContent(), POLL).toContain('3 попытки');
    await page.screenshot({ path: screenshotPath('assignment-edited') });
    expect((await api(teacher, 'GET', `/api/assignments/${assignmentId}`)).body.entity).toMatchObject({
      max_attempts: 3,
      points_method_type: 'sum',
    });
  });

  it('the teacher deletes the quiz after confirming; the assignment goes on with its copy', async () => {
    const page = await demo.signedInPage('teacher', `/t/quiz/${quizId}`);
    await page.getByRole('heading', { level: 1, name: QUIZ }).waitFor(POLL);
    await page.getByRole('toolbar').getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Удалить тест?').waitFor(POLL);
    await dialog.getByText('Задания, уже выданные по нему, продолжат работать').waitFor();
    await page.screenshot({ path: screenshotPath('quiz-delete-confirm') });
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL(`${demo.url}/t/quiz`, POLL);
    await page.getByRole('heading', { level: 1 }).waitFor(POLL);
    // The demo's own quizzes are listed, the deleted one is not.
    await expect
      .poll(() => page.getByRole('link', { name: /Проверочная работа/ }).count(), POLL)
      .toBeGreaterThan(0);
    expect(await page.getByText(QUIZ).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('quiz-deleted-list') });
    expect((await api(teacher, 'GET', `/api/quiz/${quizId}`)).status).toBe(404);

    // The started attempt still takes an answer to the copied question.
    const assignment = (await api(teacher, 'GET', `/api/assignments/${assignmentId}`)).body.entity;
    const attempts = await api(
      student,
      'GET',
      `/api/assignment-attempts?filter[assignment_id]=${assignmentId}`,
    );
    const answered = await api(student, 'POST', '/api/assignment-results', {
      assignment_attempt_id: attempts.body.entities[0].id,
      component_id: assignment.components[0].id,
      component_type: 'choice',
      answer: { selected: ['a'] },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(demo.errors).toEqual([]);
  });

  it('the teacher hands out an attempt’s upload link; a file sent through it appears on the attempt', async () => {
    const dir = path.resolve(import.meta.dirname, '../../.tmp/edits-upload');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'recording.webm');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-t', '3'],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', file],
    ]);
    // A proctored assignment whose attempt a student started (its recording never arrived).
    const classes = await api(teacher, 'GET', '/api/classes');
    const klass = (classes.body.entities as { id: string; name: string }[]).find((c) =>
      c.name.startsWith('7'),
    );
    const assignment = await api(teacher, 'POST', '/api/assignments', {
      type: 'external',
      name: 'Экзамен с записью',
      external_url: 'https://example.org/exam',
      class_id: klass!.id,
    });
    expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
    const id = assignment.body.entity.id as string;
    const attempt = await api(student, 'POST', '/api/assignment-attempts', { assignment_id: id });
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(201);
    const attemptId = attempt.body.entity.id as string;

    const page = await demo.signedInPage('teacher', `/t/assignments/result/${id}/${attemptId}`);
    const panel = page.getByTestId('upload-link');
    await panel.waitFor(POLL);
    await panel.getByTestId('upload-link-issue').click();
    const link = panel.getByTestId('upload-link-url');
    await link.waitFor(POLL);
    const url = (await link.getAttribute('href')) ?? '';
    expect(url).toMatch(new RegExp(`^${demo.url}/session/upload/[^/]+$`));
    await expect.poll(() => panel.getByRole('img').getAttribute('src'), POLL).toMatch(/^data:image\/svg/);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('attempt-upload-link') });

    // Opened on another device, without signing in.
    const phone = await demo.newPage(PHONE);
    await phone.goto(url);
    await phone.getByTestId('upload-page').waitFor(POLL);
    await phone.locator('input[type="file"]').setInputFiles(file);
    await phone.getByTestId('upload-type').getByText('Экран').click();
    await phone.getByTestId('upload-send').click();
    await phone.getByTestId('upload-sent').waitFor(POLL);
    await phone.screenshot({ path: screenshotPath('attempt-upload-sent') });

    // The recording is the attempt's: its recordings tab lists it.
    await page.getByTestId('result-tab-recordings').click();
    await expect
      .poll(
        async () => {
          await page.getByTestId('result-tab-results').click();
          await page.getByTestId('result-tab-recordings').click();
          return page.getByTestId('recording-row').count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('attempt-upload-recording') });
    expect(demo.errors).toEqual([]);
  }, 180_000);

  it('a day is typed and shown as DD.MM.YY in the page’s language, whatever the browser’s', async () => {
    // The browser asks for English (DemoPlatform's newPage); the page is in Russian.
    const page = await demo.signedInPage('teacher', '/t/invites/create');
    await page.getByRole('textbox', { name: 'Название' }).waitFor(POLL);
    await page.getByRole('textbox', { name: 'Название' }).fill('Приглашение с датой');
    // By its name: the label changes with the language below.
    const day = page.locator('input[name="expired_at"]');
    await page.getByRole('textbox', { name: 'Действует до' }).waitFor();
    expect(await day.getAttribute('placeholder')).toBe('ДД.ММ.ГГ');
    await day.fill('31.02.30');
    await day.blur();
    await page.getByText('Введите дату в виде ДД.ММ.ГГ').waitFor(POLL);
    await day.fill('7.3.2030');
    await day.blur();
    await expect.poll(() => day.inputValue(), POLL).toBe('07.03.30');
    expect(await page.getByText('Введите дату в виде ДД.ММ.ГГ').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('date-field-ru') });
    // In Kazakh the hint changes, the day stays as typed.
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await expect.poll(() => day.getAttribute('placeholder'), POLL).toBe('КК.АА.ЖЖ');
    expect(await day.inputValue()).toBe('07.03.30');
    await page.getByTestId('language-switcher').getByText('RU', { exact: true }).click();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/invite-codes') && r.request().method() === 'POST',
    );
    await page.getByTestId('invite-save').click();
    const sent = JSON.parse((await created).request().postData() ?? '{}') as { expired_at: string };
    // The end of that day where the teacher is.
    expect(new Date(sent.expired_at).getTime()).toBeGreaterThan(Date.UTC(2030, 2, 6));
    expect(new Date(sent.expired_at).getTime()).toBeLessThan(Date.UTC(2030, 2, 8, 12));
    expect(demo.errors).toEqual([]);
  });
});
