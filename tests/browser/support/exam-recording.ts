import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { client, entityOf } from '../../blackbox/authoring/http';
import { uploadFile } from '../../blackbox/media/http';
import type { DemoPlatform } from './demo-platform';

type Entity = Record<string, unknown> & { id: string };

/** 12 s of ffmpeg's test picture in 4 s chunks, uploaded as the exam client does; waits for its HLS. */
export async function recordTwelveSeconds(
  demo: DemoPlatform,
  who: { student: string; teacher: string; attemptId: string },
): Promise<number> {
  const { student, teacher, attemptId } = who;
  const http = () => client(demo.url);
  const session = entityOf(
    await http().call('POST', '/api/webinar-sessions', student, {
      assignment_attempt_id: attemptId,
      session_type: 'main-camera',
      is_should_analyze: false,
    }),
    201,
  ) as Entity & { file_upload_endpoint: string; file_upload_params: Record<string, unknown> };
  const dir = await mkdtemp(path.resolve('.tmp/proctor-recording-'));
  try {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '12'],
      ...['-c:v', 'libvpx', '-b:v', '300k', '-g', '10', '-f', 'segment', '-segment_time', '4'],
      ...['-reset_timestamps', '1', path.join(dir, 'chunk_%03d.webm')],
    ]);
    const names = (await readdir(dir)).filter((n) => n.startsWith('chunk_')).sort();
    for (const name of names) {
      const data = await readFile(path.join(dir, name));
      const stored = await uploadFile(demo.url, session.file_upload_endpoint, session.file_upload_params, {
        name,
        data,
      });
      expect(stored.status).toBe(201);
    }
    const manifest = {
      type: 'video/webm',
      duration: 12,
      segments: names.map((filename) => ({ filename, duration: 4 })),
    };
    const sent = await uploadFile(demo.url, session.file_upload_endpoint, session.file_upload_params, {
      name: 'manifest.json',
      data: Buffer.from(JSON.stringify(manifest)),
    });
    expect(sent.status).toBe(200);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // expect.poll belongs to tests, and this runs in beforeAll: wait by hand.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const records = await http().call(
      'GET',
      `/api/webinar-records?webinar_session_id=${session.id}`,
      teacher,
    );
    const statuses = ((records.body.entities as Entity[] | undefined) ?? []).map((r) => r.status);
    if (statuses.includes('ready')) break;
    if (statuses.includes('failed') || Date.now() > deadline)
      throw new Error(`no recording: ${statuses.join()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Date.parse(String(session.created_at));
}
