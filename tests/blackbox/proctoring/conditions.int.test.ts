import type { ServerMessage } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { TestClient } from '../realtime/client';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * A lasting condition reported as begin, heartbeats and end (docs/proctoring.md "Conditions"), delivered
 * late, out of order and with duplicates, over HTTP and the realtime socket: each becomes one interval of
 * the condition's length on the timeline, and the review queue counts that one interval.
 */
let env: ProctoringApp;
let assignment: string;
let attempt1: string;
let attempt2: string;
const teacher = tokenFor('teacher', 'school-a');
const student1 = tokenFor('student', 'school-a');
const student2 = tokenFor('student', 'school-a', 2);
/** The condition's client times: from the start of the test, so they lie inside the attempt. */
let origin: number;

const call = caller<Record<string, unknown>>(() => env.app);

interface Interval {
  type: string;
  start: string;
  end: string;
  duration: number;
  signals: number;
}
async function timelineOf(attempt: string) {
  await env.caughtUp();
  const answer = await call('GET', `/api/proctoring/timelines/${attempt}`, teacher);
  expect(answer.status).toBe(200);
  return answer.body.entity as { violations: Interval[]; warnings: Interval[] };
}

const at = (seconds: number) => new Date(origin + seconds * 1000).toISOString();
/**
 * One condition's phases as the client makes them: begun at `from`, a heartbeat every 5 s, ended at
 * `to` (none when `to` is null: the end was lost). Client ids are stable, as the client's queue keeps them.
 */
function phases(attempt: string, condition: string, type: string, from: number, to: number | null) {
  const action = (phase: string, seconds: number) => ({
    id: `${condition}-${phase}-${seconds}`,
    assignment_id: assignment,
    assignment_attempt_id: attempt,
    action_type: type,
    condition_id: condition,
    condition_phase: phase,
    created_at: at(seconds),
  });
  const list = [action('begin', from)];
  for (let s = from + 5; s < (to ?? from + 40); s += 5) list.push(action('heartbeat', s));
  if (to !== null) list.push(action('end', to));
  return list;
}

beforeAll(async () => {
  env = await startProctoringApp();
  const made = await call('POST', '/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен с условиями',
    students: ['student-school-a-1', 'student-school-a-2'],
  });
  assignment = (made.body.entity as { id: string }).id;
  const open = async (token: string) =>
    (
      (await call('POST', '/api/assignment-attempts', token, { assignment_id: assignment })).body.entity as {
        id: string;
      }
    ).id;
  attempt1 = await open(student1);
  attempt2 = await open(student2);
  origin = Date.now() + 1_000;
  await env.caughtUp();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('conditions over HTTP', () => {
  it('makes a minute without a face, sent late, reversed and twice, one interval of a minute', async () => {
    const absence = phases(attempt1, 'absent-1', 'face_missing', 2, 62);
    // The end arrives first, then the rest in reverse, in three batches, then single retries of some.
    const late = [...absence].reverse();
    for (const part of [late.slice(0, 4), late.slice(4, 9), late.slice(9)]) {
      const answer = await call('POST', '/api/assignment/actions/batch', student1, { actions: part });
      expect(answer.status).toBe(201);
    }
    for (const retry of [absence[0]!, absence[3]!, absence.at(-1)!]) {
      expect((await call('POST', '/api/assignment/actions', student1, retry)).status).toBe(201);
    }
    const timeline = await timelineOf(attempt1);
    expect(timeline.violations.map((i) => [i.type, i.start, i.end, i.duration, i.signals])).toEqual([
      ['face_missing', at(2), at(62), 60, absence.length],
    ]);
  });

  it('closes a condition whose end never came at its last heartbeat, and an open one at the session end', async () => {
    await call('POST', '/api/assignment/actions/batch', student1, {
      actions: phases(attempt1, 'two-1', 'many_faces', 70, null), // heartbeats up to 105 s
    });
    let timeline = await timelineOf(attempt1);
    expect(timeline.violations.find((i) => i.type === 'many_faces')).toMatchObject({
      start: at(70),
      end: at(105),
      duration: 35,
    });
    // The student finished 3 s after the last heartbeat: the client was there, so was the second face.
    await call('POST', '/api/assignment/actions', student1, {
      id: 'ended-1',
      assignment_id: assignment,
      assignment_attempt_id: attempt1,
      action_type: 'session_ended',
      created_at: at(108),
    });
    timeline = await timelineOf(attempt1);
    expect(timeline.violations.map((i) => [i.type, i.duration])).toEqual([
      ['face_missing', 60],
      ['many_faces', 38],
    ]);
    const queue = await call('GET', `/api/proctoring/review-queue?assignment_id=${assignment}`, teacher);
    const entry = (queue.body.entities as { assignment_attempt_id: string; contributions: object[] }[]).find(
      (e) => e.assignment_attempt_id === attempt1,
    );
    expect(entry?.contributions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action_type: 'face_missing', intervals: 1, seconds: 60 }),
        expect.objectContaining({ action_type: 'many_faces', intervals: 1, seconds: 38 }),
      ]),
    );
  });

  it("lists each condition as one row of the proctor's action list, not its heartbeats", async () => {
    // attempt1 now holds a minute's absence (13 phases) and an open second face (8), plus a point.
    await call('POST', '/api/assignment/actions', student1, {
      id: 'point-1',
      assignment_id: assignment,
      assignment_attempt_id: attempt1,
      action_type: 'head_turned',
      created_at: at(64),
    });
    await env.caughtUp();
    const listed = await call('GET', `/api/assignment/actions?assignment_attempt_id=${attempt1}`, teacher);
    expect(listed.status).toBe(200);
    const rows = listed.body.entities as Record<string, unknown>[];
    expect(
      rows.map((r) => [r.action_type, r.created_at, r.condition_id, r.ended_at, r.duration, r.diff]),
    ).toEqual([
      ['face_missing', at(2), 'absent-1', at(62), 60, null],
      ['head_turned', at(64), null, null, null, 62],
      // No end came: the row runs to the last heartbeat so far, and says it has not ended.
      ['many_faces', at(70), 'two-1', null, 35, 6],
      ['session_ended', at(108), null, null, null, 38],
    ]);
    // Filters, paging and the per-assignment list count rows, not phases.
    const paged = await call(
      'GET',
      `/api/assignment/actions?assignment_attempt_id=${attempt1}&action_type=face_missing&page=1&limit=10`,
      teacher,
    );
    expect((paged.body.entities as { total: number; data: unknown[] }).total).toBe(1);
    const all = await call('GET', `/api/assignment/actions/${assignment}.json`, teacher);
    const ofAttempt = (all.body.entities as { assignment_attempt_id: string }[]).filter(
      (r) => r.assignment_attempt_id === attempt1,
    );
    expect(ofAttempt).toHaveLength(4);
    // The student reads their own list the same way.
    const own = await call('GET', `/api/assignment/actions?assignment_attempt_id=${attempt1}`, student1);
    expect((own.body.entities as unknown[]).length).toBe(4);
  });

  it('refuses a phase without its condition, a condition without its phase, and a lasting lifecycle action', async () => {
    const base = { assignment_id: assignment, assignment_attempt_id: attempt1 };
    const cases: [object, string][] = [
      [{ ...base, action_type: 'face_missing', condition_phase: 'begin' }, 'condition_id'],
      [{ ...base, action_type: 'face_missing', condition_id: 'c-x' }, 'condition_phase'],
      [
        { ...base, action_type: 'face_missing', condition_id: 'c-x', condition_phase: 'later' },
        'condition_phase',
      ],
      [
        { ...base, action_type: 'session_started', condition_id: 'c-x', condition_phase: 'begin' },
        'condition_id',
      ],
      [
        { ...base, action_type: 'face_missing', condition_id: 'bad id!', condition_phase: 'begin' },
        'condition_id',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', '/api/assignment/actions/batch', student1, { actions: [body] });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors as object)).toContain(`actions.0.${field}`);
    }
  });
});

describe('an attempt without signals', () => {
  it('is not in the review queue for having ended its session', async () => {
    const made = await call('POST', '/api/assignments', teacher, {
      type: 'external',
      name: 'Экзамен без нарушений',
      students: ['student-school-a-1'],
    });
    const quiet = (made.body.entity as { id: string }).id;
    const attempt = (
      (await call('POST', '/api/assignment-attempts', student1, { assignment_id: quiet })).body.entity as {
        id: string;
      }
    ).id;
    for (const type of ['session_started', 'session_ended']) {
      const body = { assignment_id: quiet, assignment_attempt_id: attempt, action_type: type };
      expect((await call('POST', '/api/assignment/actions', student1, body)).status).toBe(201);
    }
    await env.caughtUp();
    const queue = await call('GET', `/api/proctoring/review-queue?assignment_id=${quiet}`, teacher);
    expect(queue.body.entities).toEqual([]);
    expect((await timelineOf(attempt)).violations).toEqual([]);
  });
});

describe('conditions over the socket', () => {
  type Reply = Extract<ServerMessage, { event: 'proctoring.ack' | 'proctoring.error' }>;
  let refs = 0;
  async function send(client: TestClient, actions: object[]): Promise<Reply> {
    const ref = `c-${++refs}`;
    client.send({ event: 'proctoring.actions', ref, actions });
    return (await client.next(
      (m) => (m.event === 'proctoring.ack' || m.event === 'proctoring.error') && m.ref === ref,
      `answer to ${ref}`,
    )) as Reply;
  }

  it('makes one interval of a long absence sent in shuffled frames, some twice, some over HTTP', async () => {
    const { client } = await TestClient.connect(env.url, student2);
    try {
      const absence = phases(attempt2, 'absent-2', 'face_missing', 3, 93); // 90 s
      const order = [5, 17, 0, 9, 2, 11, 8, 1, 14, 3, 12, 6, 10, 4, 15, 13, 7, 16, 18].map(
        (i) => absence[i]!,
      );
      expect(new Set(order).size).toBe(absence.length);
      for (let i = 0; i < order.length; i += 4) {
        const frame = order.slice(i, i + 4);
        expect((await send(client, frame)).event).toBe('proctoring.ack');
        // The same frame again (the client did not see the ack), and one item over HTTP.
        if (i % 8 === 0) expect((await send(client, frame)).event).toBe('proctoring.ack');
        if (i === 4) await call('POST', '/api/assignment/actions', student2, frame[0]!);
      }
      const timeline = await timelineOf(attempt2);
      expect(timeline.violations.map((i) => [i.type, i.start, i.end, i.duration, i.signals])).toEqual([
        ['face_missing', at(3), at(93), 90, absence.length],
      ]);
    } finally {
      client.close();
    }
  });
});
