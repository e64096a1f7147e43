import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExams } from './support/demo-exam';
import { DemoPlatform, screenshotPath } from './support/demo-platform';
import { composeCameraFilm, useFakeCapture, type Scene } from './support/fake-camera';

const POLL = { timeout: 30_000, interval: 500 };
const LONG_POLL = { timeout: 420_000, interval: 2_000 };
const repoRoot = path.resolve(import.meta.dirname, '../..');
/** How far a shown duration may be from the film's (the acceptance). */
const TOLERANCE_S = 2;

/**
 * The ground truth, looped by Chromium: the student 20 s; nobody 30 s; the student 15 s; four faces
 * 20 s; the student 15 s; the student far away (the face about a tenth of the frame's height) 20 s;
 * the student 10 s. Every absence, second face and far face must reach the proctor as one interval as
 * long as in the film.
 */
const CAMERA_FILM: Scene[] = [
  { picture: 'astronaut', seconds: 20 },
  { picture: 'nobody', seconds: 30 },
  { picture: 'astronaut', seconds: 15 },
  { picture: 'fourFaces', seconds: 20 },
  { picture: 'astronaut', seconds: 15 },
  { picture: 'astronaut', seconds: 20, frame: 'scale=80:-1,pad=512:512:216:200:color=gray' },
  { picture: 'astronaut', seconds: 10 },
];
const TRUTH: Record<string, number> = { face_missing: 30, many_faces: 20, too_far: 20 };

interface Interval {
  type: string;
  start: string;
  end: string;
  duration: number;
}

/**
 * A default-settings proctored exam over a film of known ground truth (docs/proctoring.md,
 * "Conditions"): the proctor's timeline shows each condition of the film as one interval within
 * ±2 s of its length, and the proctor's grid counts what the timeline shows.
 */
describe('what the proctor sees is what the camera saw', () => {
  const demo = new DemoPlatform();
  const exams = new DemoExams(demo);
  let assignmentId = '';
  let attemptId = '';
  /** When the face detector had given its first verdict (or a little later: it is polled). */
  let detectorStart = 0;
  let page: Page;

  const timeline = async () => {
    const answer = await demo.getAs(exams.teacher, `/api/proctoring/timelines/${attemptId}`);
    return ((await answer.json()) as { entity: { violations: Interval[]; warnings: Interval[] } }).entity;
  };
  /**
   * The intervals of a type the film shows whole: begun after the detector gave its first verdict (the
   * film may have been in the middle of one then) and ended before `before`. An open condition's end is
   * its last heartbeat, at most 5 s old and then moving on: `before` is set well behind that.
   */
  const whole = (intervals: Interval[], type: string, before: number) =>
    intervals.filter(
      (i) => i.type === type && Date.parse(i.start) > detectorStart + 2_000 && Date.parse(i.end) < before,
    );

  beforeAll(async () => {
    useFakeCapture({
      camera: composeCameraFilm(path.join(repoRoot, '.tmp/exam-intervals'), CAMERA_FILM),
    });
    await demo.start();
  });
  afterAll(() => demo.stop());

  it('the student starts a proctored exam with the default settings', async () => {
    assignmentId = (await exams.create('Экзамен: интервалы', {})).id;
    page = await demo.signedInPage('student', `/s/assignments/${assignmentId}/register`);
    await page.getByTestId('proctoring-consent').check();
    const check = page.getByTestId('equipment-check');
    await check.waitFor();
    for (const item of ['camera', 'microphone']) {
      await check.locator(`[data-testid="check-${item}"][data-state="passed"]`).waitFor(POLL);
    }
    await page.getByTestId('check-screen-run').click();
    await check.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(POLL);
    await page.getByTestId('photo-take').click();
    await page.getByTestId('identity-photo-taken').waitFor();
    await page.getByTestId('start-attempt').click();
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}`);
    await page.getByTestId('exam-recording').waitFor(POLL);
    await expect
      .poll(
        async () => (await exams.actions(assignmentId)).some((a) => a.action_type === 'session_started'),
        POLL,
      )
      .toBe(true);
    const started = (await exams.actions(assignmentId)).find((a) => a.action_type === 'session_started')!;
    await expect
      .poll(async () => ((await page.evaluate('window.sabaqExam.faceCounts')) as number[]).length, {
        timeout: 120_000,
        interval: 250,
      })
      .toBeGreaterThan(0);
    detectorStart = Date.now();
    attemptId = (started as unknown as { assignment_attempt_id: string }).assignment_attempt_id;
    expect(attemptId).toBeTruthy();
  }, 180_000);

  it('shows each absence, four faces and far face of the film as one interval of its length', async () => {
    // Until the film has shown each condition whole at least once since the exam started.
    await expect
      .poll(async () => {
        const { violations } = await timeline();
        const settled = Date.now() - 20_000;
        return Object.keys(TRUTH).filter((type) => whole(violations, type, settled).length > 0);
      }, LONG_POLL)
      .toEqual(Object.keys(TRUTH));

    await page.getByTestId('finish-attempt').click();
    await page
      .getByRole('dialog', { name: 'Завершить попытку?' })
      .getByRole('button', { name: 'Завершить' })
      .click();
    await page.getByTestId('results-view').waitFor(POLL);
    await expect
      .poll(
        async () => (await exams.actions(assignmentId)).some((a) => a.action_type === 'session_ended'),
        POLL,
      )
      .toBe(true);
    const ended = (await exams.actions(assignmentId)).find((a) => a.action_type === 'session_ended')!;

    const { violations } = await timeline();
    console.log(
      `load average ${os.loadavg()[0]!.toFixed(1)}; intervals: ` +
        JSON.stringify(violations.map((i) => [i.type, i.start.slice(11, 19), i.duration])),
    );
    for (const [type, seconds] of Object.entries(TRUTH)) {
      // What the exam's end cut short (closed when the detector stopped) is not whole either.
      const complete = whole(violations, type, Date.parse(ended.created_at) - 10_000);
      expect(complete.length, type).toBeGreaterThan(0);
      // Each one whole (never fragments), each as long as in the film.
      for (const interval of complete)
        expect(
          Math.abs(interval.duration - seconds),
          `${type} ${JSON.stringify(interval)}`,
        ).toBeLessThanOrEqual(TOLERANCE_S);
    }
  }, 480_000);

  it("counts in the proctor's grid what the timeline shows", async () => {
    const { violations, warnings } = await timeline();
    const proctor = await demo.signedInPage('proctor', `/p/assignments/${assignmentId}`);
    const row = proctor.locator(`[data-testid="student-row"][data-attempt="${attemptId}"]`);
    await row.waitFor(POLL);
    await expect.poll(() => row.getAttribute('data-violations'), POLL).toBe(String(violations.length));
    await expect
      .poll(() => row.textContent(), POLL)
      .toContain(`Нарушений: ${violations.length}, предупреждений: ${warnings.length}`);
    await proctor
      .getByTestId('student-row')
      .first()
      .screenshot({ path: screenshotPath('proctor-grid-intervals') });
    expect(demo.errors).toEqual([]);
  }, 120_000);
});
