import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPicturePath } from '../../../models/test/media';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * What the proctor sees is what happened: "identity verified" only for a photo of one face, and the
 * grid's roster lists every student of the exam with one state per attempt (not started, running,
 * suspended by the proctor, finished), a finished attempt never also running. Over HTTP, with the
 * server's face detector (models/.cache) and Debian's test pictures (models/test/media.ts).
 */
let env: ProctoringApp;
type Body = Record<string, unknown> & {
  entity?: Record<string, unknown> & { id: string };
  entities?: Record<string, unknown>[];
  errors?: Record<string, string[]>;
};
const teacher = tokenFor('teacher', 'school-a');
const proctor = tokenFor('proctor', 'school-a');
const outsideProctor = tokenFor('proctor', 'school-b');
const student = (n: number) => tokenFor('student', 'school-a', n);
const S = (n: number) => `student-school-a-${n}`;

const call = caller<Body>(() => env.app);
const ok = async (answer: Promise<{ status: number; body: Body }>, status = 200) => {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
};
const dataUrl = (file: string, type: string) =>
  `data:${type};base64,${readFileSync(file).toString('base64')}`;
/** A grey JPEG of the camera's size: nobody in front of the camera. */
const NOBODY = execFileSync('ffmpeg', [
  ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=320x240', '-frames:v', '1'],
  ...['-f', 'image2pipe', '-vcodec', 'mjpeg', 'pipe:1'],
]).toString('base64');

let assignment: string;
const attempts: Record<number, string> = {};

beforeAll(async () => {
  env = await startProctoringApp();
  assignment = (
    await ok(
      call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: 'Экзамен по геометрии',
        external_url: 'https://forms.example.org/geometry',
        students: [S(1), S(2), S(3), S(4)],
      }),
      201,
    )
  ).entity!.id;
  for (const n of [1, 2, 3]) {
    attempts[n] = (
      await ok(call('POST', '/api/assignment-attempts', student(n), { assignment_id: assignment }), 201)
    ).entity!.id;
  }
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const identity = (n: number, screenshot: string | undefined) =>
  call('POST', '/api/assignment/actions', student(n), {
    assignment_id: assignment,
    assignment_attempt_id: attempts[n],
    action_type: 'identity_verified',
    ...(screenshot ? { screenshot } : {}),
  });
const identityActions = async () =>
  (
    await ok(
      call(
        'GET',
        `/api/assignment/actions?assignment_id=${assignment}&action_type=identity_verified`,
        teacher,
      ),
    )
  ).entities!;

describe('the identity photo', () => {
  it('is refused without exactly one face, with a message that says to take it again', async () => {
    const nobody = await identity(1, `data:image/jpeg;base64,${NOBODY}`);
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors).toEqual({
      screenshot: ['На фото не найдено лицо. Сделайте снимок ещё раз'],
    });
    const four = await identity(1, dataUrl(testPicturePath('fourFaces'), 'image/jpeg'));
    expect(four.status).toBe(422);
    expect(four.body.errors).toEqual({
      screenshot: ['На фото больше одного лица. Сделайте снимок ещё раз'],
    });
    const none = await identity(1, undefined);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ screenshot: ['Приложите фото для подтверждения личности'] });
    // In a batch too, the whole batch is refused and nothing of it is recorded.
    const batch = await call('POST', '/api/assignment/actions/batch', student(1), {
      actions: [
        {
          assignment_id: assignment,
          assignment_attempt_id: attempts[1],
          action_type: 'identity_verified',
          screenshot: NOBODY,
        },
      ],
    });
    expect(batch.status).toBe(422);
    expect(batch.body.errors).toEqual({
      'actions.0.screenshot': ['На фото не найдено лицо. Сделайте снимок ещё раз'],
    });
    await env.caughtUp();
    expect(await identityActions()).toEqual([]);
  }, 60_000);

  it('is recorded for one face', async () => {
    const taken = await ok(identity(2, dataUrl(testPicturePath('messi'), 'image/jpeg')), 201);
    expect(taken.entity).toMatchObject({ action_type: 'identity_verified', student_id: S(2) });
    await env.caughtUp();
    expect((await identityActions()).map((a) => a.student_id)).toEqual([S(2)]);
  }, 60_000);
});

type RosterRow = { student_id: string; assignment_attempt_id: string | null; state: string };
const roster = async (token = proctor) =>
  ((await ok(call('GET', `/api/proctoring/roster?assignment_id=${assignment}`, token))).entities ??
    []) as RosterRow[];
const states = async () =>
  Object.fromEntries((await roster()).map((r) => [r.student_id, r.state])) as Record<string, string>;

describe("the proctor's roster", () => {
  it('lists every student of the exam, one state each, a finished attempt only finished', async () => {
    await ok(call('POST', `/api/assignment-attempts/${attempts[3]}/finish.json`, student(3)));
    await ok(
      call('POST', '/api/assignment/actions', proctor, {
        assignment_id: assignment,
        assignment_attempt_id: attempts[2],
        action_type: 'exam_suspended',
      }),
      201,
    );
    await env.caughtUp();
    const rows = await roster();
    expect(rows).toHaveLength(4);
    expect(await states()).toEqual({
      [S(1)]: 'active',
      [S(2)]: 'suspended',
      [S(3)]: 'finished',
      [S(4)]: 'not_started',
    });
    expect(rows.find((r) => r.student_id === S(4))!.assignment_attempt_id).toBeNull();
    expect(rows.find((r) => r.student_id === S(3))!.assignment_attempt_id).toBe(attempts[3]);
  });

  it('shows a suspended attempt that the student then finishes as finished, not suspended', async () => {
    await ok(call('POST', `/api/assignment-attempts/${attempts[2]}/finish.json`, student(2)));
    await env.caughtUp();
    expect((await states())[S(2)]).toBe('finished');
  });

  it('is read by the watchers only: another school and a student get nothing', async () => {
    expect((await call('GET', `/api/proctoring/roster?assignment_id=${assignment}`, teacher)).status).toBe(
      200,
    );
    expect(
      (await call('GET', `/api/proctoring/roster?assignment_id=${assignment}`, outsideProctor)).status,
    ).toBe(404);
    expect((await call('GET', `/api/proctoring/roster?assignment_id=${assignment}`, student(1))).status).toBe(
      403,
    );
    expect((await call('GET', '/api/proctoring/roster?assignment_id=', proctor)).status).toBe(422);
  });
});
