import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';
import { examPosts, openExam, type Exam } from './proctoring-exam';
import {
  httpOf,
  expectStatuses,
  teacher,
  reviewer,
  colleague,
  proctor,
  outsider,
  outsideProctor,
  outsideStudent,
  student1,
  student2,
  S1,
  S2,
  PNG,
  type Interval,
} from './proctoring-http';

/**
 * The proctoring pipeline over HTTP: an external exam of school-a given to two students, its teacher,
 * a reviewer, a colleague who is neither, the school's proctor, and outsiders of school-b. Each student
 * has an attempt; the student's browser posts detector signals (with retries and out-of-order
 * arrivals), the proctor acts, and the timeline, its score and the review queue follow.
 */
let env: ProctoringApp;
const http = httpOf(() => env.app);
const { call, ok } = http;

let exam: Exam;
let assignment: string;
let attempt1: string;
let attempt2: string;
const { at, action, postAction, postBatch, postToAttempt2, postActivity } = examPosts(http, () => exam);

beforeAll(async () => {
  env = await startProctoringApp();
  exam = await openExam(http);
  ({ assignment, attempt1, attempt2 } = exam);
}, 60_000);
afterAll(async () => {
  await env?.close();
});

describe('recording actions', () => {
  it('stores an action once however often the client retries it', async () => {
    const focusLost = { id: 'c-1', action_type: 'focus_lost', created_at: at(0) };
    const first = await ok(postAction(student1, focusLost), 201);
    expect(first.entity).toMatchObject({
      assignment_id: assignment,
      assignment_attempt_id: attempt1,
      student_id: S1,
      initiator_id: S1,
      action_type: 'focus_lost',
      is_warning: false,
      source: 'client',
      created_at: at(0),
    });
    const retry = await ok(postAction(student1, focusLost), 201);
    expect(retry.entity!.id).toBe(first.entity!.id);
  });

  it('takes a batch with late, out-of-order and repeated items, each once', async () => {
    const batch = await ok(
      postBatch(student1, [
        action({ id: 'c-3', action_type: 'focus_lost', created_at: at(3) }),
        action({ id: 'c-2', action_type: 'focus_lost', created_at: at(1.5) }),
        action({ id: 'c-1', action_type: 'focus_lost', created_at: at(0) }), // the retried first
        action({ id: 'c-3', action_type: 'focus_lost', created_at: at(3) }), // twice in one batch
        action({ id: 'c-4', action_type: 'focus_lost', created_at: at(40) }),
        action({ id: 'c-5', action_type: 'second_monitor', created_at: at(41) }),
        action({ id: 'c-6', action_type: 'face_missing', created_at: at(100) }),
        action({ id: 'c-7', action_type: 'face_missing', created_at: at(101) }),
        action({ id: 'c-8', action_type: 'face_missing', created_at: at(102.5) }),
        action({ id: 'c-9', action_type: 'noise', created_at: at(200) }), // one frame: flicker
      ]),
      201,
    );
    expect(batch.entities).toHaveLength(10);
    expect(batch.entities!.find((e) => e.action_type === 'second_monitor')).toMatchObject({
      is_warning: true,
    });
    await env.caughtUp();
    const { entities } = await ok(
      call('GET', `/api/assignment/actions?assignment_attempt_id=${attempt1}`, teacher),
    );
    expect(entities!.map((e) => [e.action_type, e.created_at, e.diff])).toEqual([
      ['focus_lost', at(0), null],
      ['focus_lost', at(1.5), 2], // 1.5 s, in whole seconds
      ['focus_lost', at(3), 2],
      ['focus_lost', at(40), 37],
      ['second_monitor', at(41), 1],
      ['face_missing', at(100), 59],
      ['face_missing', at(101), 1],
      ['face_missing', at(102.5), 2],
      ['noise', at(200), 98],
    ]);
  });

  it('keeps screenshots as objects and the action their keys', async () => {
    const posted = await ok(
      postAction(student1, {
        id: 'c-shot',
        action_type: 'many_faces',
        created_at: at(300),
        screenshot: `data:image/png;base64,${PNG}`,
      }),
      201,
    );
    const key = posted.entity!.screenshot as string;
    expect(key).toMatch(new RegExp(`^proctoring/school-a/${attempt1}/.+-0\\.png$`));
    expect(await env.services.objects.stat(key)).toMatchObject({ size: Buffer.from(PNG, 'base64').length });
    await env.caughtUp();
    const listed = await ok(call('GET', `/api/assignment/actions?action_type=many_faces`, teacher));
    const [url] = listed.entities![0]!.screenshot_urls as string[];
    for (const [token, status] of [
      [teacher, 200],
      [student1, 200],
      [proctor, 200],
      [student2, 404],
      [colleague, 404],
      [outsider, 404],
    ] as const) {
      const response = await call('GET', url!, token);
      expect({ token, status: response.status }).toEqual({ token, status });
      if (status === 200) {
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.raw.equals(Buffer.from(PNG, 'base64'))).toBe(true);
      }
    }
    const bad = await postAction(student1, {
      action_type: 'many_faces',
      screenshot: Buffer.from('<script>').toString('base64'),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('screenshot');
  });

  it('refuses another student’s attempt, another school’s, and a type outside the vocabulary', async () => {
    const wrongStudent = await postAction(student2, { action_type: 'focus_lost' });
    expect(wrongStudent.status).toBe(403);
    expect(wrongStudent.body).toMatchObject({ message: 'Это не ваша попытка', status_code: 403 });
    const claimsOther = await postAction(student1, { action_type: 'focus_lost', student_id: S2 });
    expect(claimsOther.status).toBe(403);
    expect((await postAction(outsideStudent, { action_type: 'noise' })).status).toBe(404);
    const unknown = await postAction(student1, { action_type: 'cheating' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('action_type');
    const otherAssignment = await call('POST', '/api/assignment/actions', student2, {
      assignment_id: 'another',
      assignment_attempt_id: attempt2,
      action_type: 'noise',
    });
    expect(otherAssignment.status).toBe(422);
  });

  it('refuses a batch whole when one item may not be written', async () => {
    const mixed = await postBatch(student1, [
      action({ id: 'w-1', action_type: 'eye_away', created_at: at(500) }),
      { assignment_id: assignment, assignment_attempt_id: attempt2, id: 'w-2', action_type: 'eye_away' },
    ]);
    expect(mixed.status).toBe(403);
    const invalid = await postBatch(student1, [
      action({ id: 'w-3', action_type: 'eye_away' }),
      action({ id: 'w-4', action_type: 'eye_away', created_at: '2999-01-01T00:00:00Z' }),
    ]);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ 'actions.1.created_at': ['Время действия в будущем'] });
    expect((await postBatch(student1, [])).status).toBe(422);
    await env.caughtUp();
    const eyes = await ok(call('GET', '/api/assignment/actions?action_type=eye_away', teacher));
    expect(eyes.entities).toEqual([]);
  });

  it('lets the proctor act, not the student, and holds the student while suspended', async () => {
    expect((await postAction(student1, { action_type: 'exam_suspended' })).status).toBe(403);
    await expectStatuses(
      (token) => postAction(token, { action_type: 'proctor_message' }),
      [
        [colleague, 403],
        [outsideProctor, 404],
      ],
    );
    const suspended = await ok(
      postAction(proctor, { action_type: 'exam_suspended', description: 'Посторонний в кадре' }),
      201,
    );
    expect(suspended.entity).toMatchObject({
      source: 'proctor',
      initiator_id: 'proctor-school-a-1',
      student_id: S1,
    });
    await env.caughtUp();
    const held = await postAction(student1, { action_type: 'focus_lost' });
    expect(held.status).toBe(422);
    expect(held.body.errors).toEqual({ assignment_attempt_id: ['Попытка приостановлена проктором'] });
    await ok(postAction(reviewer, { action_type: 'exam_resumed' }), 201);
    await env.caughtUp();
    await ok(postAction(student1, { action_type: 'session_started', created_at: at(5) }), 201);
  });

  it('refuses writes to a finished attempt', async () => {
    await ok(call('POST', `/api/assignment-attempts/${attempt2}/finish.json`, student2));
    const late = await postToAttempt2(student2, 'focus_lost');
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ assignment_attempt_id: ['Попытка завершена'] });
    expect((await postToAttempt2(proctor, 'proctor_message')).status).toBe(422);
  });
});

describe('reading actions and activities', () => {
  it('shows a student their own actions only, and outsiders nothing', async () => {
    await env.caughtUp();
    const own = await ok(call('GET', `/api/assignment/actions?assignment_id=${assignment}`, student1));
    expect(own.entities!.length).toBeGreaterThan(0);
    expect(own.entities!.every((e) => e.student_id === S1)).toBe(true);
    expect(
      (await ok(call('GET', `/api/assignment/actions?assignment_id=${assignment}`, student2))).entities,
    ).toEqual([]);
    for (const stranger of [outsider, colleague])
      expect((await ok(call('GET', '/api/assignment/actions', stranger))).entities).toEqual([]);
    await expectStatuses(
      (token) => call('GET', `/api/assignment/actions/${assignment}.json`, token),
      [
        [outsider, 404],
        [colleague, 404],
      ],
    );
    const all = await ok(call('GET', `/api/assignment/actions/${assignment}.json`, proctor));
    expect(all.entities!.filter((e) => e.student_id === S1).length).toBe(own.entities!.length);
  });

  it('filters by type and warning and pages like the record API', async () => {
    const warnings = await ok(
      call(
        'GET',
        `/api/assignment/actions?filter[is_warning]=1&filter[assignment_id]=${assignment}`,
        teacher,
      ),
    );
    expect(warnings.entities!.map((e) => e.action_type)).toEqual(['second_monitor']);
    // The diff counts from the student's previous action of any type, whatever the filter.
    expect(warnings.entities![0]!.diff).toBe(1);
    const paged = await ok(
      call('GET', `/api/assignment/actions?action_type[]=focus_lost&page=2&limit=3`, teacher),
    );
    expect(paged.entities).toMatchObject({ current_page: 2, last_page: 2, total: 4, per_page: 3 });
    const bad = await call('GET', '/api/assignment/actions?limit=1000&page=1', teacher);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('limit');
  });

  it('records activities in the student’s active attempt, with diffs', async () => {
    const opened = { id: 'a-1', activity_type: 'chapter_opened', chapter_id: 'ch-1', created_at: at(10) };
    await ok(postActivity(student1, opened), 201);
    await ok(postActivity(student1, opened), 201); // the client's retry, stored once
    await ok(
      postActivity(student1, {
        id: 'a-2',
        activity_type: 'component_answered',
        component_id: 'q-1',
        created_at: at(25),
      }),
      201,
    );
    const finished = await postActivity(student2, {
      assignment_attempt_id: attempt2,
      activity_type: 'chapter_opened',
    });
    expect(finished.status).toBe(422);
    await env.caughtUp();
    const listed = await ok(call('GET', `/api/assignment/activities/${assignment}.json`, teacher));
    expect(listed.entities!.map((e) => [e.activity_type, e.assignment_attempt_id, e.diff])).toEqual([
      ['chapter_opened', attempt1, null],
      ['component_answered', attempt1, 15],
    ]);
  });
});

describe('the timeline, reviews and the queue', () => {
  const getTimeline = (token: string) => call('GET', `/api/proctoring/timelines/${attempt1}`, token);
  const review = (token: string, body: Record<string, unknown>) =>
    call('POST', `/api/proctoring/timelines/${attempt1}/reviews`, token, body);
  const reviewQueue = (token: string) =>
    call('GET', `/api/proctoring/review-queue?assignment_id=${assignment}`, token);
  const timelineOf = async (token = teacher) =>
    (await ok(getTimeline(token))).entity as unknown as {
      violations: Interval[];
      warnings: Interval[];
      dropped: number;
      credibility: {
        score: number;
        contributions: { action_type: string; points: number }[];
        range: { min: number; max: number };
      };
    };

  it('merges violations per the assignment’s tolerances, warnings apart, with durations', async () => {
    await env.caughtUp();
    const timeline = await timelineOf();
    expect(
      timeline.violations.map((i) => [
        i.type,
        i.start,
        i.end,
        i.duration,
        i.duration_class,
        i.duration_text,
        i.signals,
      ]),
    ).toEqual([
      // focus_tolerance 2000 ms: 0 → 1.5 → 3 merge; 40 stands alone.
      ['focus_lost', at(0), at(3), 3, 'seconds', '00:00:03', 3],
      ['focus_lost', at(40), at(40), 0, 'seconds', '00:00:00', 1],
      // head_tolerance 1500 ms (the default): 100 → 101 → 102.5 merge.
      ['face_missing', at(100), at(102.5), 3, 'seconds', '00:00:03', 3],
      ['many_faces', at(300), at(300), 0, 'seconds', '00:00:00', 1],
    ]);
    expect(timeline.warnings.map((i) => [i.type, i.start])).toEqual([['second_monitor', at(41)]]);
    expect(timeline.dropped).toBe(1); // the one-frame noise
    // focus 2 × 5 × 0.5 + 5 × 1.05 × 0.5 (rounded per type) …, see credibility.unit.test.ts for the arithmetic.
    expect(timeline.credibility.contributions.map((c) => c.action_type)).toEqual(
      expect.arrayContaining(['focus_lost', 'face_missing', 'many_faces', 'second_monitor']),
    );
    expect(timeline.credibility.score).toBe(
      100 - Math.round(timeline.credibility.contributions.reduce((s, c) => s + c.points, 0)),
    );
  });

  it('is for the assignment’s watchers only', async () => {
    await expectStatuses(getTimeline, [
      [student1, 403],
      [colleague, 404],
      [outsider, 404],
      [outsideProctor, 404],
      [proctor, 200],
      [reviewer, 200],
    ]);
  });

  it('takes reviews that move the score, and orders the queue by what a review could change', async () => {
    const before = await timelineOf();
    const manyFaces = before.violations.find((i) => i.type === 'many_faces')!;
    const focus = before.violations.find((i) => i.type === 'focus_lost')!;
    const noReason = await review(proctor, { interval_key: focus.key, decision: 'dismissed' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ note: ['Укажите причину'] });
    const unknown = await review(proctor, { interval_key: 'focus_lost:1', decision: 'confirmed' });
    expect(unknown.status).toBe(422);
    const colleagueTries = await review(colleague, { interval_key: focus.key, decision: 'confirmed' });
    expect(colleagueTries.status).toBe(404);

    const queueBefore = await ok(reviewQueue(teacher));
    expect(queueBefore.entities!.map((e) => e.assignment_attempt_id)).toEqual([attempt1]);
    const spreadBefore = queueBefore.entities![0]!.range as { min: number; max: number };

    const confirmed = await ok(
      review(proctor, { interval_key: manyFaces.key, decision: 'confirmed', note: 'Двое в кадре' }),
      201,
    );
    const dismissed = await ok(
      review(teacher, { interval_key: focus.key, decision: 'dismissed', note: 'Окно поддержки' }),
      201,
    );
    const after = dismissed.entity as unknown as typeof before;
    expect(after.violations.find((i) => i.key === manyFaces.key)!.review).toMatchObject({
      decision: 'confirmed',
    });
    expect(after.violations.find((i) => i.key === focus.key)!.review).toMatchObject({
      decision: 'dismissed',
    });
    expect((confirmed.entity as unknown as typeof before).credibility.score).toBeLessThan(
      before.credibility.score,
    );
    // Reviewing narrows what is left to decide.
    const queueAfter = await ok(reviewQueue(proctor));
    const range = queueAfter.entities![0]!.range as { min: number; max: number };
    expect(range.max - range.min).toBeLessThan(spreadBefore.max - spreadBefore.min);
    await expectStatuses(reviewQueue, [
      [outsider, 404],
      [student1, 403],
    ]);
  });
});
