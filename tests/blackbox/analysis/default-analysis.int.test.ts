import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_PROCESS } from '../../../services/src/contexts/analysis/scheduling';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { finishedReport, uploadedRecording } from '../../support/analysed-recording';
import { client, entityOf } from '../authoring/http';
import type { Answer } from '../media/http';

/**
 * What is analysed with the default settings, and who may ask for an analysis: a proctored assignment
 * made with the defaults (head tracking on the client, so the exam client says `is_should_analyze:
 * false`) gets its main camera analysed once converted; one with `ai_analysis: false` does not, until
 * its teacher or a proctor asks; a student and a teacher of another school may not ask.
 * Recordings are the accuracy video's first 6 s (the student alone, with sound), for speed.
 */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
const tokens: Record<'teacher' | 'proctor' | 'student' | 'outsider', string> = {
  teacher: '',
  proctor: '',
  student: '',
  outsider: '',
};

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const idOfMe = (body: Answer) => (body.entity?.id ?? body.id) as string;

const reportsOf = async (attemptId: string) =>
  (
    await http.call(
      'GET',
      `/api/ai-reports?assignment_attempt_id=${attemptId}&orderBy=run&sortedBy=asc`,
      tokens.teacher,
    )
  ).body.entities as Answer[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/default-analysis-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true });
  http = client(platform.url!);
  tokens.teacher = await http.token('teacher');
  tokens.proctor = await http.token('proctor');
  tokens.student = await http.token('student');
  // The admin belongs to both demo schools: in the lyceum, they hire a teacher of that school.
  const admin = await http.token('admin');
  const schools = await http.call('GET', '/api/schools.json', admin);
  const lyceum = (schools.body.entities as { id: string; name: string }[]).find(
    (s) => s.name === 'Демо-лицей',
  )!;
  expect((await http.call('POST', '/api/select-school.json', admin, { school_id: lyceum.id })).status).toBe(
    200,
  );
  entityOf(
    await http.call('POST', '/api/teachers', admin, {
      username: 'lyceum.analysis',
      password: 'Secret123',
      firstname: 'Ерлан',
      lastname: 'Лицейский',
    }),
    201,
  );
  tokens.outsider = await http.token('lyceum.analysis', 'Secret123');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the AI analysis with the default settings', () => {
  it('analyses the main camera of a proctored attempt made with the defaults, and says which detectors ran', async () => {
    // No identity photo: identity cannot be compared, and the report must say so.
    const recording = await uploadedRecording(platform.url!, { chunks: 1, identityPhoto: false });
    const assignment = entityOf(
      await http.call('GET', `/api/assignments/${recording.assignmentId}`, tokens.teacher),
    );
    const settings = (assignment.settings as { proctoring_settings: Record<string, unknown> })
      .proctoring_settings;
    expect(settings).toMatchObject({ head_tracking_type: 'client', ai_analysis: true });

    const report = await finishedReport(platform.url!, recording.attemptId, 300_000);
    expect(report.status, report.failure).toBe('completed');
    expect(report).toMatchObject({ version: 1, session_id: recording.sessionId, requested_by: null });
    const detectors = Object.fromEntries(
      (report.detectors as Answer[]).map((d) => [d.type, d.ran ? 'ran' : d.reason]),
    );
    expect(detectors).toEqual({
      face_missing: 'ran',
      many_faces: 'ran',
      too_far: 'ran',
      head_turned: 'ran',
      eye_away: 'ran',
      face_mismatch: 'no_identity_photo',
      speech: 'ran',
      noise: 'ran',
      prohibited_objects: 'ran',
    });
    // The student alone in front of the camera: nothing to report.
    expect(report.intervals).toEqual([]);
  }, 420_000);

  it('leaves an assignment with the analysis turned off alone until its teacher or a proctor asks', async () => {
    const recording = await uploadedRecording(platform.url!, {
      chunks: 1,
      proctoringSettings: { ai_analysis: false },
    });
    // Converted, and the scheduler has seen the conversion: still no report.
    await eventually(async () => {
      const read = await http.call('GET', `/api/webinar-sessions/${recording.sessionId}`, tokens.teacher);
      return (read.body.entity as Answer | undefined)?.state === 'converted' ? true : undefined;
    });
    const converted = (await platform.store.readStream(`webinar_session-${recording.sessionId}`)).find(
      (e) => e.type === 'TranscodeSucceeded',
    )!;
    await waitForProjections(platform.db, [SCHEDULING_PROCESS, 'analysis'], converted.globalPosition, 60_000);
    expect(await reportsOf(recording.attemptId)).toEqual([]);

    const ask = (token: string) =>
      http.call('POST', '/api/ai-reports/request.json', token, {
        assignment_attempt_id: recording.attemptId,
      });
    // A student, and a teacher of another school (for whom the attempt does not exist), may not ask.
    expect((await ask(tokens.student)).status).toBe(403);
    const outsider = await ask(tokens.outsider);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toMatchObject({ status_code: 404 });

    const asked = await ask(tokens.teacher);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const first = (asked.body.entities as Answer[])[0]!;
    const teacherId = idOfMe((await http.call('GET', '/api/user.json', tokens.teacher)).body);
    expect(first).toMatchObject({ version: 1, session_id: recording.sessionId, requested_by: teacherId });
    expect(['pending', 'in_process', 'completed']).toContain(first.status);
    const done = await eventually(async () => {
      const read = await http.call('GET', `/api/ai-reports/${String(first.id)}`, tokens.teacher);
      const entity = read.body.entity as Answer;
      return entity.status === 'completed' || entity.status === 'failed' ? entity : undefined;
    });
    expect(done.status, done.failure).toBe('completed');
    expect((done.detectors as Answer[]).find((d) => d.type === 'face_mismatch')).toMatchObject({ ran: true });

    // The proctor asks again: a new version; the first is kept as it was.
    const again = await ask(tokens.proctor);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect((again.body.entities as Answer[])[0]).toMatchObject({
      version: 2,
      session_id: recording.sessionId,
    });
    const versions = await reportsOf(recording.attemptId);
    expect(versions.map((r) => r.version)).toEqual([1, 2]);
    expect(versions[0]).toMatchObject({ id: first.id, status: 'completed' });

    // The re-run of one report answers the next version too, for the same people only.
    const rerun = (token: string) =>
      http.call('POST', `/api/ai-reports/${String(first.id)}/rerun`, token, {});
    expect((await rerun(tokens.student)).status).toBe(403);
    expect((await rerun(tokens.outsider)).status).toBe(404);
    const third = await rerun(tokens.proctor);
    expect(third.status).toBe(202);
    expect(third.body.entity).toMatchObject({ version: 3 });
  }, 420_000);

  it('answers an attempt without a converted camera recording, or an unknown one, in the error shape', async () => {
    const me = { id: idOfMe((await http.call('GET', '/api/user.json', tokens.student)).body) };
    const assignment = entityOf(
      await http.call('POST', '/api/assignments', tokens.teacher, {
        type: 'webinar',
        name: 'Без записи',
        students: [me.id],
      }),
      201,
    );
    const attempt = entityOf(
      await http.call('POST', '/api/assignment-attempts', tokens.student, { assignment_id: assignment.id }),
      201,
    );
    const none = await http.call('POST', '/api/ai-reports/request.json', tokens.teacher, {
      assignment_attempt_id: attempt.id,
    });
    expect(none.status).toBe(422);
    expect(none.body.errors?.assignment_attempt_id).toHaveLength(1);
    const bad = await http.call('POST', '/api/ai-reports/request.json', tokens.teacher, {
      assignment_attempt_id: 5,
    });
    expect(bad.status).toBe(422);
    const unknown = await http.call('POST', '/api/ai-reports/request.json', tokens.teacher, {
      assignment_attempt_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });
});
