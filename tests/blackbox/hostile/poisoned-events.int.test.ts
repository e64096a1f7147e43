import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry, streamId, type Health, type NewEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { runningEmbeddedPostgres } from '../../../services/src/platform/postgres/embedded-postgres';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { eventually } from '../../support/platform-fixture';
import { caller } from '../schools/contexts-app';

/**
 * Events no API would take today, forced into the store (a fixture appending them directly, past the
 * registry's validation): a year-1 action, as clients could send before times were bounded, and an
 * action without a student, which the proctoring read model cannot store. The platform as `npm start`
 * runs it must keep every list, the analytics copy and the console working for the other events, park
 * the event it cannot project (`/health` degraded, the count and the error shown), and after a fix
 * `npm run replay-parked` must clear it.
 */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
/** A store over the platform's database whose registry checks nothing: the poison's way in. */
let forcing: PostgresEventStore;
const tokens: Record<string, string> = {};
let assignment: string;
let attempt: string;
let studentId: string;
let schoolId: string;

const inject = caller<Record<string, unknown>>(() => platform.http!);
/** A call as one of the demo's signed-in users, named. */
const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
  inject(method, url, tokens[who]!, payload);
async function ok(method: 'GET' | 'POST', url: string, who: string, payload?: object) {
  const answer = await call(method, url, who, payload);
  if (answer.status >= 300)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
const health = async () => (await platform.http!.inject({ method: 'GET', url: '/health' })).json() as Health;
const projectionOf = (report: Health, name: string) => report.projections.find((p) => p.name === name);

function replayParked(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/replay-parked.mjs', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function poison(data: Record<string, unknown>, occurredAt: string): NewEvent {
  return {
    id: randomUUID(),
    type: 'ProctoringActionRecorded',
    data: {
      assignmentId: assignment,
      attemptId: attempt,
      studentId,
      initiatorId: studentId,
      webinarSessionId: null,
      actionType: 'session_started',
      isWarning: false,
      description: null,
      source: 'client',
      screenshots: [],
      ...data,
    },
    metadata: { userId: studentId, schoolId, occurredAt },
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/poisoned-events-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true });
  for (const username of ['teacher', 'student', 'analyst']) {
    const response = await platform.http!.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', client_id: 2, username, password: 'Demo12345' },
    });
    tokens[username] = (response.json() as { access_token: string }).access_token;
  }
  const me = (await ok('GET', '/api/user.json', 'student')).entity as { id: string; school_id: string };
  studentId = me.id;
  const made = await ok('POST', '/api/assignments', 'teacher', {
    type: 'external',
    name: 'Отравленный экзамен',
    students: [studentId],
  });
  assignment = (made.entity as { id: string }).id;
  const opened = await ok('POST', '/api/assignment-attempts', 'student', { assignment_id: assignment });
  attempt = (opened.entity as { id: string }).id;
  schoolId = (opened.entity as { school_id?: string }).school_id ?? me.school_id;
  const permissive = createRegistry();
  // The fixture's point: nothing the registry would refuse is refused on this way in.
  permissive.validate = <E extends NewEvent>(event: E): E => ({
    ...event,
    metadata: { ...event.metadata, schemaVersion: 1 },
  });
  const running = await runningEmbeddedPostgres(path.join(dataDir));
  forcing = new PostgresEventStore({ connectionString: running!.urlFor('sabaq'), registry: permissive });
}, 180_000);
afterAll(async () => {
  await forcing?.close();
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const listed = async () => {
  const answer = await call('GET', `/api/assignment/actions?assignment_id=${assignment}`, 'teacher');
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  return answer.body.entities as { id: string; created_at: string | null; diff: number | null }[];
};
const postAction = async (action_type: string) =>
  (
    (
      await ok('POST', '/api/assignment/actions', 'student', {
        assignment_id: assignment,
        assignment_attempt_id: attempt,
        action_type,
      })
    ).entity as { id: string }
  ).id;

describe('a poisoned event in the store', () => {
  it('keeps lists, analytics and the console working; parks what cannot be projected; replays it after a fix', async () => {
    const before = await postAction('focus_lost');
    const stream = streamId('proctoring', attempt);
    const yearOne = poison({}, '0001-01-01T00:00:00Z');
    const noStudent = poison({ studentId: null }, new Date().toISOString());
    await forcing.append(stream, [yearOne, noStudent]);
    const after = await postAction('noise');

    // The read model moves on past what it cannot store, and says so in /health.
    const degraded = await eventually(
      health,
      (report) => (projectionOf(report, 'proctoring.actions')?.parked ?? 0) > 0,
      60_000,
    );
    expect(degraded.status).toBe('degraded');
    expect(projectionOf(degraded, 'proctoring.actions')).toMatchObject({ parked: 1 });
    expect(projectionOf(degraded, 'proctoring.actions')?.parked_error).toMatch(/student_id/);
    await platform.runner!.caughtUp();

    // Every role's lists of this assignment answer, with the year-1 action among the others.
    const ids = (await listed()).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([before, after, yearOne.id]));
    expect(ids).not.toContain(noStudent.id);
    expect((await call('GET', `/api/assignment/actions/${assignment}.json`, 'teacher')).status).toBe(200);
    expect((await call('GET', `/api/assignment/actions?assignment_id=${assignment}`, 'student')).status).toBe(
      200,
    );

    // The analytics copy is not stuck on the year-1 time: it reaches the head and the console counts.
    await platform.analyticsProjector!.caughtUp();
    const counted = await ok('POST', '/api/analytics/query', 'analyst', {
      sql: 'SELECT count() FROM proctoring_actions WHERE assignment_id = {a:String}',
      params: { a: assignment },
    });
    expect(Number((counted.entity as { rows: unknown[][] }).rows[0]![0])).toBeGreaterThanOrEqual(3);
    const copied = projectionOf(await health(), 'analytics.events')!;
    expect(copied).toMatchObject({ parked: 0, lag: 0 });

    // Replaying before the fix fails again and keeps it parked; after the fix it is projected.
    const early = await replayParked('proctoring.actions');
    expect(early.code, early.output).toBe(1);
    expect(early.output).toContain('proctoring.actions: 1 still parked');
    await platform.db.schema
      .alterTable('proctoring_actions')
      .alterColumn('student_id', (c) => c.dropNotNull())
      .execute();
    const fixed = await replayParked('proctoring.actions');
    expect(fixed.code, fixed.output).toBe(0);
    expect(fixed.output).toContain('replayed: nothing parked');
    const healed = await health();
    expect(projectionOf(healed, 'proctoring.actions')).toMatchObject({ parked: 0, parked_error: null });
    expect(healed.status).toBe('up');
    expect((await listed()).map((a) => a.id)).toContain(noStudent.id);

    const unknown = await replayParked('no.such.projection');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toMatch(/projections: .*proctoring\.actions.*analytics\.events/);
  }, 240_000);
});
