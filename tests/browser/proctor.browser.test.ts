import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, entityOf, type Body } from '../blackbox/authoring/http';
import { DemoPlatform, screenshotPath, seedTokensScript } from './support/demo-platform';
import { recordTwelveSeconds } from './support/exam-recording';

const POLL = { timeout: 20_000 };
type Entity = Record<string, unknown> & { id: string };

/**
 * The proctor's screens on the embedded demo platform: the demo teacher gives an external exam to 7 «А»,
 * the demo student starts it and records 12 s of camera (ffmpeg's test picture, converted to HLS by
 * the platform), and posts proctoring actions through the API as their browser would. The proctor
 * watches them arrive in the grid without a reload, opens the student's timeline (durations and
 * classes, filters, a review the server first refuses without a reason), seeks the recording by
 * clicking an interval, messages, suspends and resumes. The teacher opens the same page from the
 * assignment; a teacher who does not watch it is refused. A timeline of 10,000 actions is timed.
 */
describe('the proctor watches an exam live and reviews its timeline', () => {
  const demo = new DemoPlatform();
  const http = () => client(demo.url);
  let teacher: string;
  let student: string;
  let assignmentId: string;
  let attemptId: string;
  let recordingStart: number;
  let classStudents: string[] = [];

  const at = (seconds: number) => new Date(recordingStart + seconds * 1000).toISOString();
  let counter = 0;
  const act = (type: string, seconds: number, extra: Record<string, unknown> = {}) => ({
    id: `browser-${(counter += 1)}`,
    assignment_id: assignmentId,
    assignment_attempt_id: attemptId,
    action_type: type,
    created_at: at(seconds),
    ...extra,
  });
  const postAsStudent = async (actions: Record<string, unknown>[]) => {
    const sent = await http().call('POST', '/api/assignment/actions/batch', student, { actions });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  };

  beforeAll(async () => {
    await demo.start();
    teacher = await http().token('teacher');
    student = await http().token('student');
    const classes = (await http().call('GET', '/api/classes', teacher)).body.entities as Entity[];
    classStudents = classes[0]!.students as string[];
    const assignment = entityOf(
      await http().call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: 'Контрольная под наблюдением',
        class_id: classes[0]!.id,
        students: classes[0]!.students,
      }),
      201,
    );
    assignmentId = assignment.id;
    attemptId = entityOf(
      await http().call('POST', '/api/assignment-attempts', student, { assignment_id: assignmentId }),
      201,
    ).id;
    recordingStart = await recordTwelveSeconds(demo, { student, teacher, attemptId });
  }, 600_000);
  afterAll(() => demo.stop());

  const rowOf = (page: Page) => page.locator(`[data-testid="student-row"][data-attempt="${attemptId}"]`);
  const timeline = async () =>
    (await http().call('GET', `/api/proctoring/timelines/${attemptId}`, teacher)).body.entity as Body & {
      violations: { key: string; type: string; review: { decision: string; note: string } | null }[];
    };

  it("sees the student's actions arrive in the grid without a reload", async () => {
    const page = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}`);
    await expect.poll(() => page.getByTestId('live-state').getAttribute('data-state'), POLL).toBe('live');
    // One socket for the whole app: the grid's channel rides the app's connection (docs/realtime.md).
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.reload();
    await expect.poll(() => page.getByTestId('live-state').getAttribute('data-state'), POLL).toBe('live');
    expect(sockets).toEqual([`${demo.url.replace(/^http/, 'ws')}/ws`]);
    // The school's proctors read its assignments, attempts and students: the row is there, named.
    await page.getByRole('heading', { name: 'Наблюдение: Контрольная под наблюдением' }).waitFor(POLL);
    await rowOf(page).getByText('Касымова Айгерим Муратовна').waitFor(POLL);
    expect(await page.getByTestId('restricted-note').count()).toBe(0);
    expect(await rowOf(page).getAttribute('data-violations')).toBe('0');
    // Every student of the class is listed, one state each: the one who started runs, the rest wait.
    const grid = page.getByTestId('student-row');
    await expect.poll(() => grid.count(), POLL).toBe(classStudents.length);
    expect(await rowOf(page).getByTestId('attempt-state').getAttribute('data-state')).toBe('active');
    const waiting = page.locator('[data-testid="student-row"][data-state="not_started"]');
    expect(await waiting.count()).toBe(classStudents.length - 1);
    for (const row of await grid.all()) expect(await row.getByTestId('attempt-state').count()).toBe(1);
    expect(await waiting.getByRole('button', { name: 'Приостановить' }).count()).toBe(0);

    await postAsStudent([act('session_started', 0.5)]);
    await postAsStudent([
      // focus_lost: three signals a second apart, one interval of 2 s.
      act('focus_lost', 2),
      act('focus_lost', 3),
      act('focus_lost', 4),
      act('face_missing', 6),
      act('fullscreen_lost', 8, { is_warning: true }),
      // head_turned: 62 signals a second apart, 61 s: classed minutes, past the recording's end.
      ...Array.from({ length: 62 }, (_, i) => act('head_turned', 20 + i)),
    ]);
    const newest = rowOf(page).getByTestId('newest-violations');
    await expect.poll(() => newest.textContent(), POLL).toContain('Голова повёрнута');
    // The grid counts the timeline's intervals (focus_lost, face_missing, head_turned), not the 66 signals.
    await expect.poll(() => rowOf(page).getAttribute('data-violations'), POLL).toBe('3');
    await page.screenshot({ path: screenshotPath('proctor-grid') });
  });

  it('opens the timeline: durations and their classes, warnings apart, filters, the score', async () => {
    const page = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}`);
    await rowOf(page).getByRole('button', { name: 'Шкала' }).click();
    const panel = page.getByTestId('timeline-panel');
    await panel.waitFor();
    const violations = panel.getByTestId('violation-list');
    await expect.poll(() => violations.getAttribute('data-count'), POLL).toBe('3');
    const rows = violations.getByTestId('interval-row');
    const byType = async () =>
      Object.fromEntries(
        await rows.evaluateAll((els) =>
          els.map((el) => [
            el.getAttribute('data-type'),
            [el.getAttribute('data-duration'), el.getAttribute('data-class')],
          ]),
        ),
      );
    expect(await byType()).toEqual({
      focus_lost: ['00:00:02', 'seconds'],
      face_missing: ['00:00:00', 'seconds'],
      head_turned: ['00:01:01', 'minutes'],
    });
    expect(await violations.textContent()).toContain('минуты');
    await expect.poll(() => panel.getByTestId('warning-list').getAttribute('data-count')).toBe('1');
    await expect.poll(() => panel.getByTestId('action-list').getAttribute('data-count')).toBe('68');
    expect(await panel.getByTestId('credibility-score').textContent()).toMatch(/из 100/);
    const filters = panel.getByTestId('timeline-filters');

    await filters.getByText('Уход с вкладки', { exact: true }).click();
    await expect.poll(() => violations.getAttribute('data-count')).toBe('1');
    await expect.poll(() => panel.getByTestId('action-list').getAttribute('data-count')).toBe('3');
    await filters.getByText('Уход с вкладки', { exact: true }).click();
    await filters.getByText('Проктор', { exact: true }).click();
    // Nothing here was seen by a proctor: both lists are empty under that filter.
    await expect.poll(() => violations.getAttribute('data-count')).toBe('0');
    await filters.getByText('Проктор', { exact: true }).click();
    await expect.poll(() => violations.getAttribute('data-count')).toBe('3');
    await panel.screenshot({ path: screenshotPath('proctor-timeline') });
  });

  it("saves a review mark, showing the server's refusal of a dismissal without a reason", async () => {
    const page = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}?attempt=${attemptId}`);
    const panel = page.getByTestId('timeline-panel');
    await panel.locator('[data-testid="interval-row"][data-type="face_missing"]').click();
    const form = panel.getByTestId('review-form');
    await form.getByText('Отклонить').click();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Укажите причину').waitFor(POLL);
    await form.getByLabel('Примечание (для отклонения — причина)').fill('Ученик наклонился за ручкой');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect
      .poll(
        () =>
          panel
            .locator('[data-testid="interval-row"][data-type="face_missing"]')
            .getByTestId('interval-review')
            .textContent(),
        POLL,
      )
      .toBe('Отклонено');
    const saved = (await timeline()).violations.find((v) => v.type === 'face_missing');
    expect(saved?.review).toMatchObject({ decision: 'dismissed', note: 'Ученик наклонился за ручкой' });
  });

  it('seeks the recording to an interval and marks the playing position on the timeline', async () => {
    const page = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}?attempt=${attemptId}`);
    const panel = page.getByTestId('timeline-panel');
    const video = panel.getByTestId('proctoring-video');
    await video.waitFor(POLL);
    const currentTime = () => video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime);
    await panel.locator('[data-testid="interval-row"][data-type="focus_lost"]').click();
    await expect.poll(async () => Math.abs((await currentTime()) - 2) < 0.3, POLL).toBe(true);
    await panel.locator('[data-testid="interval-row"][data-type="face_missing"]').click();
    await expect.poll(async () => Math.abs((await currentTime()) - 6) < 0.3, POLL).toBe(true);
    const playhead = panel.getByTestId('timeline-playhead');
    await playhead.waitFor(POLL);
    expect(Number(await playhead.getAttribute('data-fraction'))).toBeGreaterThan(0);
    // head_turned starts after the 12 s recording ends: the player stays where it was.
    await panel.locator('[data-testid="interval-row"][data-type="head_turned"]').click();
    await page.getByText('Этого момента нет на записи').waitFor(POLL);
    expect(Math.abs((await currentTime()) - 6)).toBeLessThan(0.3);
    await panel.getByText('2×', { exact: true }).click();
    expect(await video.evaluate((v) => (v as unknown as { playbackRate: number }).playbackRate)).toBe(2);
    await panel.screenshot({ path: screenshotPath('proctor-player') });
  });

  it('messages the student, suspends the exam (after confirming) and resumes it', async () => {
    const page = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}`);
    await rowOf(page).getByRole('button', { name: 'Сообщение' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Текст').fill('Пожалуйста, смотрите в камеру');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText('Отправлено ученику').first().waitFor(POLL);

    await rowOf(page).getByRole('button', { name: 'Приостановить' }).click();
    // The suspend answers once the write rules can see it (ingest/write-targets.ts, holdRecorded).
    const suspended = page.waitForResponse(
      (r) => r.url().endsWith('/api/assignment/actions') && r.request().method() === 'POST',
    );
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Приостановить' }).click();
    expect((await suspended).status()).toBe(201);
    await expect
      .poll(() => rowOf(page).getByTestId('attempt-state').getAttribute('data-state'), POLL)
      .toBe('suspended');
    const refused = await http().call('POST', '/api/assignment/actions', student, act('focus_lost', 100));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Попытка приостановлена проктором');

    await rowOf(page).getByRole('button', { name: 'Возобновить' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Возобновить' }).click();
    await expect
      .poll(() => rowOf(page).getByTestId('attempt-state').getAttribute('data-state'), POLL)
      .toBe('active');

    // The hold state above came live from the event log; the list is a read model: wait for it.
    await expect
      .poll(async () => {
        const listed = await http().call(
          'GET',
          `/api/assignment/actions?assignment_attempt_id=${attemptId}&action_type[]=proctor_message&action_type[]=exam_suspended&action_type[]=exam_resumed`,
          teacher,
        );
        return (listed.body.entities as { action_type: string; description: string | null }[]).map((a) => [
          a.action_type,
          a.description,
        ]);
      }, POLL)
      .toEqual([
        ['proctor_message', 'Пожалуйста, смотрите в камеру'],
        ['exam_suspended', null],
        ['exam_resumed', null],
      ]);
  });

  it('shows a finished attempt as finished only, with nothing to suspend', async () => {
    const ended = await http().call('POST', `/api/assignment-attempts/${attemptId}/finish.json`, student);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const page = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}`);
    const state = rowOf(page).getByTestId('attempt-state');
    await expect.poll(() => state.getAttribute('data-state'), POLL).toBe('finished');
    expect(await state.textContent()).toBe('Завершено');
    expect(await rowOf(page).getByText('Идёт', { exact: true }).count()).toBe(0);
    expect(await rowOf(page).getByRole('button', { name: 'Приостановить' }).count()).toBe(0);
    expect(await rowOf(page).getByRole('button', { name: 'Шкала' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('student-row').count(), POLL).toBe(classStudents.length);
    await page.screenshot({ path: screenshotPath('proctor-grid-finished') });
  });

  it("lists the school's assignments for the proctor", async () => {
    const page = await demo.signedInPage('proctor', '/p/assignments');
    await page.getByRole('link', { name: 'Контрольная под наблюдением' }).click();
    await page.waitForURL(`${demo.url}/p/assignments/${assignmentId}`);
    await rowOf(page).waitFor(POLL);
    await page.goto(`${demo.url}/p/assignments`);
    await page.getByTestId('record-row').first().waitFor();
    expect(await page.getByTestId('recent-hint').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('proctor-assignments') });
  });

  it('gives the teacher the same page from the assignment, with names; refuses a teacher who does not watch', async () => {
    const page = await demo.signedInPage('teacher', `/t/assignments/${assignmentId}`);
    await page.getByRole('link', { name: 'Наблюдение' }).click();
    await page.waitForURL(`${demo.url}/t/assignments/proctoring/${assignmentId}`);
    await rowOf(page).getByText('Касымова Айгерим Муратовна').waitFor(POLL);
    await page.getByRole('heading', { name: 'Наблюдение: Контрольная под наблюдением' }).waitFor();

    const manager = await http().token('manager');
    const made = await http().call('POST', '/api/teachers', manager, {
      username: 'teacher.outsider',
      password: 'Учитель2026',
      lastname: 'Сторонний',
      firstname: 'Учитель',
    });
    expect(made.status).toBe(201);
    const outsider = await demo.newPage();
    await outsider.addInitScript(seedTokensScript(await demo.tokensOf('teacher.outsider', 'Учитель2026')));
    await outsider.goto(`${demo.url}/t/assignments/proctoring/${assignmentId}`);
    await outsider.getByText('Нет доступа к наблюдению').waitFor(POLL);
    expect(await outsider.getByTestId('section-state').textContent()).toContain('404 Задание не найдено');
  });

  it('renders a timeline of 10,000 actions within the budget (virtualised)', async () => {
    const heavy = entityOf(
      await http().call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: 'Длинный экзамен',
        students: [(await http().call('GET', '/api/user.json', student)).body.entity!.id],
      }),
      201,
    );
    const heavyAttempt = entityOf(
      await http().call('POST', '/api/assignment-attempts', student, { assignment_id: heavy.id }),
      201,
    ).id;
    const TYPES = ['focus_lost', 'head_turned', 'noise', 'face_missing', 'eye_away'];
    // A client time may lie at most five minutes before its attempt's start (docs/proctoring.md): the
    // 10,000 signals are 20 ms apart, from four minutes before the attempt began.
    const start = Date.now() - 4 * 60_000;
    for (let batch = 0; batch < 50; batch += 1) {
      const actions = Array.from({ length: 200 }, (_, i) => {
        const n = batch * 200 + i;
        return {
          id: `heavy-${n}`,
          assignment_id: heavy.id,
          assignment_attempt_id: heavyAttempt,
          action_type: TYPES[n % TYPES.length],
          created_at: new Date(start + n * 20).toISOString(),
        };
      });
      const sent = await http().call('POST', '/api/assignment/actions/batch', student, { actions });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    // The batches are stored at once and projected soon after: open the page once all are readable.
    await expect
      .poll(
        async () => {
          const first = await http().call(
            'GET',
            `/api/assignment/actions?assignment_attempt_id=${heavyAttempt}&page=1&limit=1`,
            student,
          );
          return (first.body.entities as { total: number }).total;
        },
        { timeout: 120_000 },
      )
      .toBe(10_000);
    const page = await demo.signedInPage('proctor', `/p/assignments/${heavy.id}?attempt=${heavyAttempt}`);
    const list = page.getByTestId('action-list');
    await expect.poll(() => list.getAttribute('data-count'), { timeout: 120_000 }).toBe('10000');
    // A string: these tests compile without the DOM's types.
    const rendered = await page.evaluate<number[]>(
      `performance.getEntriesByName('proctoring:timeline-render').map((e) => e.duration)`,
    );
    expect(rendered).toHaveLength(1);
    // Only the rows in view are drawn.
    expect(await list.getByTestId('action-row').count()).toBeLessThan(40);
    console.log(`timeline of 10,000 actions rendered in ${rendered[0]!.toFixed(1)} ms`);
    expect(rendered[0]).toBeLessThan(500);
    // Scrolling to the end draws the last action.
    await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect
      .poll(() => list.getByTestId('action-row').last().textContent(), POLL)
      .toMatch(/Взгляд в сторону/);
    expect(demo.errors).toEqual([]);
  }, 300_000);
});
