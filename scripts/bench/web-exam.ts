/**
 * The exam page's main thread while the detectors run, for `npm run bench -- web` (issue 9: "long
 * tasks on the main thread under 50 ms"): the embedded demo platform with the built app, Chromium with
 * a fake camera (Debian's photos: one face, no face, four faces, one face) and a fake microphone
 * (silence, then speech from ffmpeg's flite), the demo student through the equipment check, the
 * identification photo and the start of a proctored quiz with the specification's default settings
 * (every client detector on: face, head, identity, noise, speech, focus, extensions; camera, screen and
 * microphone recorded), then EXAM_SECONDS of exam. The figures are the page's own probe
 * (web/src/features/exam-client/detectors/exam-probe.ts), which starts measuring once the exam is
 * under way, as the browser tests read it.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { launchChromium } from '../../tests/browser/support/chromium';
import { seedTokensScript } from '../../tests/browser/support/demo-platform';
import {
  composeCameraFilm,
  composeSpeech,
  useFakeCapture,
  type Scene,
  type Speech,
} from '../../tests/browser/support/fake-camera';
import { waitForAllUp } from '../../tests/browser/support/health';
import { ensureWebBuild } from '../../tests/browser/support/web-build';
import type { Figure } from './record';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const QUIZ = 'Проверочная работа: основы';
const EXAM_SECONDS = 20;
const LONG_TASK_MS = 50;
/** The browser test's bound for the detectors' own handling on the page: half the long-task budget. */
const DETECTOR_MAIN_MS = 25;
const WAIT = { timeout: 60_000 };

interface Probe {
  longestTaskMs: number;
  longTasks: number;
  longTaskLog: { at: number; ms: number }[];
  detectorMainMs: number;
  inferenceMs: number;
  faceCounts: number[];
  poses: unknown[];
  similarities: number[];
  speechPeaks: number[];
  detectorErrors: string[];
  unavailable: string[];
  longFrames: { at: number; ms: number; scriptMs: number; scripts: string[] }[];
}

/** 28 s of camera, looped by Chromium: the student 10 s, nobody 4 s, four faces 4 s, the student 10 s. */
const CAMERA_FILM: Scene[] = [
  { picture: 'astronaut', seconds: 10 },
  { picture: 'nobody', seconds: 4 },
  { picture: 'fourFaces', seconds: 4 },
  { picture: 'astronaut', seconds: 10 },
];

/** About 18 s of microphone, looped: 6 s of silence, a spoken sentence (flite), 6 s of silence. */
const SPEECH: Speech = {
  text: 'Please open the second question and read it aloud. I think the answer is twelve.',
  times: 1,
  silenceBefore: 6,
  silenceAfter: 6,
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; ;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not in ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export interface ExamBench {
  figures: Figure[];
  /** The machine's load while the exam ran, recorded beside the figures. */
  host: Record<string, unknown>;
  /** Whether the 50 ms bound held (only judged, as in the browser tests, up to a load of 2 per core). */
  failure: string | null;
}

export async function examFigures(): Promise<ExamBench> {
  ensureWebBuild();
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  const dataDir = await mkdtemp(path.join(repoRoot, '.tmp/bench-exam-'));
  useFakeCapture({
    camera: composeCameraFilm(dataDir, CAMERA_FILM),
    microphone: composeSpeech(dataDir, SPEECH),
  });
  const [platform, browser] = await Promise.all([
    startEmbeddedPlatform({ dataDir, port: 0, host: '127.0.0.1', demo: true }),
    launchChromium(),
  ]);
  const errors: string[] = [];
  try {
    const base = platform.url;
    await waitForAllUp(base);
    const tokensOf = async (username: string) => {
      const response = await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: '2',
          username,
          password: 'Demo12345',
        }),
      });
      if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status}`);
      return (await response.json()) as Record<string, string>;
    };
    const getAs = async (token: string, url: string) =>
      (await (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        entity?: { id: string };
        entities?: { id: string; name: string }[];
      };

    const teacher = (await tokensOf('teacher')).access_token!;
    const studentTokens = await tokensOf('student');
    const studentId = (await getAs(studentTokens.access_token!, '/api/user.json')).entity!.id;
    // The demo content is seeded in the background after the platform starts.
    const quizId = await until('the demo quiz', async () => {
      const listed = await getAs(teacher, '/api/quiz?limit=100');
      return listed.entities?.find((q) => q.name === QUIZ)?.id;
    });
    const created = await fetch(`${base}/api/assignments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'quiz',
        name: 'Бенчмарк: экзамен со всеми детекторами',
        quizzes: [quizId],
        students: [studentId],
        is_proctoring: true,
        complete_time: 30,
        // The defaults have every client detector on; the microphone is recorded too, for the full load.
        settings: { proctoring_settings: { microphone_record: true } },
      }),
    });
    if (created.status !== 201) throw new Error(`assignment: ${created.status} ${await created.text()}`);
    const assignmentId = ((await created.json()) as { entity: { id: string } }).entity.id;

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page: Page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(seedTokensScript(studentTokens));
    await page.goto(`${base}/s/assignments/${assignmentId}/register`);

    // The equipment check, the screen (a click: a user gesture), the photo, the start.
    await page.getByTestId('proctoring-consent').check(WAIT);
    const check = page.getByTestId('equipment-check');
    for (const item of ['camera', 'microphone', 'displays', 'resolution'])
      await check.locator(`[data-testid="check-${item}"][data-state="passed"]`).waitFor(WAIT);
    await page.getByTestId('check-screen-run').click();
    await check.locator('[data-testid="check-screen"][data-state="passed"]').waitFor(WAIT);
    // A photo of nobody or of several faces is refused: take it again until the film shows one face.
    const taken = page.getByTestId('identity-photo-taken');
    for (let tries = 0; !(await taken.isVisible()); tries += 1) {
      if (tries === 60) throw new Error('no identification photo of one face');
      await page.getByTestId('photo-take').click();
      await taken.or(page.getByTestId('photo-refused')).waitFor(WAIT);
      if (!(await taken.isVisible())) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    await page.getByTestId('start-attempt').click();
    await page.waitForURL(`${base}/s/assignments/${assignmentId}`, WAIT);
    await page.getByTestId('exam-recording').waitFor(WAIT);
    const examStart = Date.now();
    const probe = async () => (await page.evaluate('({ ...window.sabaqExam })')) as Probe;
    // The models load in the workers: the measure counts once both detectors have spoken.
    await until(
      'the face and speech detectors',
      async () => {
        const p = await probe();
        return p.faceCounts.length > 0 && p.speechPeaks.length > 0 ? true : undefined;
      },
      90_000,
    );
    const warmUpS = (Date.now() - examStart) / 1000;
    await new Promise((resolve) => setTimeout(resolve, EXAM_SECONDS * 1000));
    const measured = await probe();
    const examS = (Date.now() - examStart) / 1000;
    const load = os.loadavg();
    await context.close();

    console.log(
      `exam page, ${examS.toFixed(0)} s under way (detectors answering after ${warmUpS.toFixed(0)} s): ` +
        `longest task ${measured.longestTaskMs} ms, ${measured.longTasks} long tasks; ` +
        `longest detector message on the page ${measured.detectorMainMs.toFixed(1)} ms; ` +
        `slowest inference in a worker ${measured.inferenceMs.toFixed(1)} ms; ${measured.faceCounts.length} frames ` +
        `(faces seen: ${[...new Set(measured.faceCounts)].sort().join(', ')}), ${measured.poses.length} poses, ` +
        `${measured.similarities.length} comparisons, ${measured.speechPeaks.length} speech windows; ` +
        `load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
    );
    if (measured.longTasks > 0) console.log('long tasks:', JSON.stringify(measured.longTaskLog));
    if (measured.longFrames.length > 0) console.log('long frames:', JSON.stringify(measured.longFrames));
    if (measured.detectorErrors.length || measured.unavailable.length || errors.length)
      console.log('detector errors:', measured.detectorErrors, 'unavailable:', measured.unavailable, errors);

    const round = (n: number) => Math.round(n * 10) / 10;
    const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;
    const figures: Figure[] = [
      {
        bench: 'web',
        metric: 'exam_longest_task_ms',
        value: round(measured.longestTaskMs),
        unit: 'ms',
        baseline: LONG_TASK_MS,
        ratio: ratio(measured.longestTaskMs, LONG_TASK_MS),
      },
      {
        bench: 'web',
        metric: 'exam_long_tasks',
        value: measured.longTasks,
        unit: 'tasks',
        baseline: null,
        ratio: null,
      },
      {
        bench: 'web',
        metric: 'exam_detector_main_ms',
        value: round(measured.detectorMainMs),
        unit: 'ms',
        baseline: DETECTOR_MAIN_MS,
        ratio: ratio(measured.detectorMainMs, DETECTOR_MAIN_MS),
      },
    ];
    const loadPerCore = load[0]! / os.cpus().length;
    let failure: string | null = null;
    if (measured.detectorErrors.length > 0 || measured.unavailable.length > 0)
      failure = `the exam's detectors did not all run: ${[...measured.detectorErrors, ...measured.unavailable].join('; ')}`;
    else if (loadPerCore <= 2 && measured.longestTaskMs >= LONG_TASK_MS)
      failure = `the exam page had a ${measured.longestTaskMs} ms task on its main thread (bound ${LONG_TASK_MS} ms)`;
    else if (measured.longestTaskMs >= LONG_TASK_MS)
      console.log(`load average ${loadPerCore.toFixed(1)} per core: the 50 ms bound is reported, not judged`);
    return {
      figures,
      host: {
        exam_load_avg: load.map((l) => Math.round(l * 100) / 100),
        exam_seconds: Math.round(examS),
      },
      failure,
    };
  } finally {
    await browser.close();
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
