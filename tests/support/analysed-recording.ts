import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { testPicturePath } from '../../models/test/media';
import { composeAccuracyVideo } from '../../services/src/contexts/analysis/test-video';
import { client, entityOf } from '../blackbox/authoring/http';
import { uploadFile, type Answer } from '../blackbox/media/http';

export interface UploadedRecording {
  assignmentId: string;
  attemptId: string;
  sessionId: string;
  segments: ReturnType<typeof composeAccuracyVideo>;
}

export interface AnalysedRecording extends UploadedRecording {
  /** The first AI report, once completed (or failed). */
  report: Answer;
}

export interface RecordingOptions {
  /** The assignment's proctoring settings; absent: the defaults (client head tracking, analysis on). */
  proctoringSettings?: Record<string, unknown>;
  /** Whether the attempt has an identity photo (default true). */
  identityPhoto?: boolean;
  /** How many 6-second chunks of the accuracy video are uploaded (default all ten). */
  chunks?: number;
}

/**
 * What a proctored exam leaves on a running platform, through its public API as the browser sends it:
 * the demo teacher's webinar assignment for the demo student (made with the default settings), the
 * student's attempt with an identity photo, and the accuracy video (models/, analysis/test-video.ts)
 * uploaded in 6-second chunks out of order with the playlist last, its session opened as the exam client
 * opens it with the default head tracking on the client (`is_should_analyze` false); then waits for the
 * transcoder and the analyzer to make the AI report.
 */
export async function analysedRecording(
  baseUrl: string,
  timeoutMs = 420_000,
  options: RecordingOptions = {},
): Promise<AnalysedRecording> {
  const uploaded = await uploadedRecording(baseUrl, options);
  const report = await finishedReport(baseUrl, uploaded.attemptId, timeoutMs);
  return { ...uploaded, report };
}

/** The attempt's first AI report once it is completed or failed. */
export async function finishedReport(baseUrl: string, attemptId: string, timeoutMs: number): Promise<Answer> {
  const http = client(baseUrl);
  const teacher = await http.token('teacher');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await http.call('GET', `/api/ai-reports?assignment_attempt_id=${attemptId}`, teacher);
    const report = (listed.body.entities as Answer[] | undefined)?.[0];
    if (report?.status === 'completed' || report?.status === 'failed') return report;
    if (Date.now() > deadline) throw new Error('no AI report in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The exam's recording uploaded and its playlist sent (the conversion then follows on its own). */
export async function uploadedRecording(
  baseUrl: string,
  options: RecordingOptions = {},
): Promise<UploadedRecording> {
  const http = client(baseUrl);
  const teacher = await http.token('teacher');
  const student = await http.token('student');
  const me = (await http.call('GET', '/api/user.json', student)).body as Answer;
  const assignment = entityOf(
    await http.call('POST', '/api/assignments', teacher, {
      type: 'webinar',
      name: 'Экзамен под наблюдением ИИ',
      students: [me.entity?.id ?? me.id],
      ...(options.proctoringSettings
        ? { settings: { proctoring_settings: options.proctoringSettings } }
        : {}),
    }),
    201,
  );
  const attempt = entityOf(
    await http.call('POST', '/api/assignment-attempts', student, { assignment_id: assignment.id }),
    201,
  );

  if (options.identityPhoto !== false) {
    // The identity photo the exam client takes at the start: the student's own picture.
    const photo = execFileSync('ffmpeg', [
      ...['-v', 'error', '-i', testPicturePath('astronaut'), '-vf', 'scale=256:256', '-f', 'image2pipe'],
      ...['-vcodec', 'mjpeg', 'pipe:1'],
    ]);
    const identified = await http.call('POST', '/api/assignment/actions', student, {
      assignment_id: assignment.id,
      assignment_attempt_id: attempt.id,
      action_type: 'identity_verified',
      screenshot: photo.toString('base64'),
    });
    expect(identified.status, JSON.stringify(identified.body)).toBeLessThan(300);
  }

  const workDir = await mkdtemp(path.resolve('.tmp/analysed-recording-'));
  try {
    const video = path.join(workDir, 'exam.webm');
    const segments = composeAccuracyVideo(video);
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-i', video, '-c', 'copy', '-f', 'segment', '-segment_time', '6'],
      ...['-reset_timestamps', '1', path.join(workDir, 'chunk_%03d.webm')],
    ]);
    const names = (await readdir(workDir))
      .filter((n) => n.startsWith('chunk_'))
      .sort()
      .slice(0, options.chunks ?? Number.POSITIVE_INFINITY);
    const session = entityOf(
      await http.call('POST', '/api/webinar-sessions', student, {
        assignment_attempt_id: attempt.id,
        session_type: 'main-camera',
        // What the exam client sent with head tracking on the client: the assignment decides anyway.
        is_should_analyze: false,
      }),
      201,
    ) as Answer;
    const params = session.file_upload_params as Record<string, unknown>;
    for (const name of [...names].reverse()) {
      const data = await readFile(path.join(workDir, name));
      const stored = await uploadFile(baseUrl, session.file_upload_endpoint, params, { name, data });
      expect(stored.status).toBe(201);
    }
    const manifest = {
      type: 'video/webm',
      duration: names.length * 6,
      segments: names.map((filename) => ({ filename, duration: 6 })),
    };
    const sent = await uploadFile(baseUrl, session.file_upload_endpoint, params, {
      name: 'manifest.json',
      data: Buffer.from(JSON.stringify(manifest)),
    });
    expect(sent.status).toBe(200);
    return { assignmentId: assignment.id, attemptId: attempt.id, sessionId: String(session.id), segments };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
