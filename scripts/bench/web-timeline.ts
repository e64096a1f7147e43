/**
 * The proctor's timeline of 10,000 actions, for `npm run bench -- web` (registered there in one line):
 * the embedded demo platform with the built app, an exam attempt holding 10,000 proctoring actions sent
 * through the API as a student's browser would, and the proctor's page opened in Chromium several times.
 * `timeline_10k_render_ms` is the median of the page's own `performance.measure` from the actions in
 * hand to the timeline committed (features/proctoring/components/timeline-panel.tsx), against the issue's
 * 500 ms; `timeline_10k_rows_drawn` counts the action rows in the DOM (virtualised: a screenful).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { launchChromium } from '../../tests/browser/support/chromium';
import { ensureWebBuild } from '../../tests/browser/support/web-build';
import type { Figure } from './record';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const ACTIONS = 10_000;
const LOADS = 3;
const TARGET_MS = 500;
const TYPES = ['focus_lost', 'head_turned', 'noise', 'face_missing', 'eye_away', 'fullscreen_lost'];

type Answer = { status: number; body: Record<string, unknown> };

export async function timelineFigures(): Promise<Figure[]> {
  ensureWebBuild();
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  const dataDir = await mkdtemp(path.join(repoRoot, '.tmp/bench-timeline-'));
  const platform = await startEmbeddedPlatform({ dataDir, port: 0, host: '127.0.0.1', demo: true });
  const browser = await launchChromium();
  try {
    const base = platform.url;
    const signIn = async (username: string) => {
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
    const call = async (method: string, url: string, token: string, body?: unknown): Promise<Answer> => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const expect = (answer: Answer, status: number) => {
      if (answer.status !== status) throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    };

    const teacher = (await signIn('teacher')).access_token!;
    const student = (await signIn('student')).access_token!;
    const me = expect(await call('GET', '/api/user.json', student), 200).entity as { id: string };
    const assignment = (
      expect(
        await call('POST', '/api/assignments', teacher, {
          type: 'external',
          name: 'Bench',
          students: [me.id],
        }),
        201,
      ).entity as { id: string }
    ).id;
    const attempt = (
      expect(await call('POST', '/api/assignment-attempts', student, { assignment_id: assignment }), 201)
        .entity as { id: string }
    ).id;
    // The ingest takes an action's time within 5 minutes either side of the attempt's start and of now
    // (record-actions.ts), so the actions span from 4 minutes before the start, 50 ms apart (8.3 min).
    const start = Date.now() - 4 * 60_000;
    for (let batch = 0; batch < ACTIONS / 200; batch += 1) {
      const actions = Array.from({ length: 200 }, (_, i) => {
        const n = batch * 200 + i;
        return {
          id: `bench-${n}`,
          assignment_id: assignment,
          assignment_attempt_id: attempt,
          action_type: TYPES[n % TYPES.length],
          created_at: new Date(start + n * 50).toISOString(),
        };
      });
      expect(await call('POST', '/api/assignment/actions/batch', student, { actions }), 201);
    }
    // Wait for the read model to hold them all (the projection follows the store).
    for (const deadline = Date.now() + 180_000; ;) {
      const page = await call(
        'GET',
        `/api/assignment/actions?assignment_attempt_id=${attempt}&page=1&limit=1`,
        student,
      );
      if ((page.body.entities as { total?: number } | undefined)?.total === ACTIONS) break;
      if (Date.now() > deadline) throw new Error('the actions were not projected in time');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const proctor = await signIn('proctor');
    const seed = `(() => {
      localStorage.setItem('auth.strategy', 'password');
      localStorage.setItem('auth._token.password', 'Bearer ${proctor.access_token}');
      localStorage.setItem('auth._refresh_token.password', '${proctor.refresh_token}');
      localStorage.setItem('auth._ws_token.password', '${proctor.ws_access_token}');
    })();`;
    const renders: number[] = [];
    let rowsDrawn = 0;
    for (let load = 0; load < LOADS; load += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(seed);
      await page.goto(`${base}/p/assignments/${assignment}?attempt=${attempt}`);
      await page
        .locator(`[data-testid="action-list"][data-count="${ACTIONS}"]`)
        .waitFor({ timeout: 180_000 })
        .catch(async (error: unknown) => {
          console.error((await page.locator('main').textContent())?.slice(0, 2000));
          throw error;
        });
      const [measured] = await page.evaluate<number[]>(
        `performance.getEntriesByName('proctoring:timeline-render').map((e) => e.duration)`,
      );
      if (measured === undefined) throw new Error('the page measured no render');
      renders.push(measured);
      rowsDrawn = await page.getByTestId('action-row').count();
      await context.close();
    }
    const median = [...renders].sort((a, b) => a - b)[Math.floor(renders.length / 2)]!;
    console.log(`timeline of ${ACTIONS} actions: renders ${renders.map((r) => r.toFixed(1)).join(', ')} ms`);
    const round = (n: number) => Math.round(n * 10) / 10;
    return [
      {
        bench: 'web',
        metric: 'timeline_10k_render_ms',
        value: round(median),
        unit: 'ms',
        baseline: TARGET_MS,
        ratio: Math.round((median / TARGET_MS) * 100) / 100,
      },
      {
        bench: 'web',
        metric: 'timeline_10k_rows_drawn',
        value: rowsDrawn,
        unit: 'rows',
        baseline: ACTIONS,
        ratio: Math.round((rowsDrawn / ACTIONS) * 10000) / 10000,
      },
    ];
  } finally {
    await browser.close();
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
