import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExams, type ExamSession } from './support/demo-exam';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 30_000, interval: 500 };
const repoRoot = path.resolve(import.meta.dirname, '../..');
const recording = path.join(repoRoot, '.tmp/student-upload-link/recording.webm');

/** What these tests read of the entities they create (an attempt, a recording session). */
interface Entity {
  id: string;
  file_upload_endpoint: string;
  file_upload_params: Record<string, string | number>;
}

/**
 * The student's own upload link (docs/web.md, "Student's assignments"): a proctored attempt that ended
 * with its camera's recording still open (the connection broke before the playlist went) tells the
 * student so on the assignment's page and hands out the attempt's /session/upload/{token} link with its
 * QR; the student opens it and sends a recording file, which the platform takes for that attempt.
 */
describe('the upload link on the student’s exam page', () => {
  const demo = new DemoPlatform();
  const exams = new DemoExams(demo);

  beforeAll(async () => {
    mkdirSync(path.dirname(recording), { recursive: true });
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-t', '3'],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '300k', recording],
    ]);
    await demo.start();
  });
  afterAll(() => demo.stop());

  const asStudent = async (method: string, pathname: string, body?: unknown) => {
    const answer = await fetch(`${demo.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${exams.studentToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.status, `${method} ${pathname}: ${await answer.clone().text()}`).toBeLessThan(300);
    return ((await answer.json()) as { entity: Entity }).entity;
  };

  it('a finished proctored attempt whose recording did not all arrive: the link is handed out and used', async () => {
    const assignment = await exams.create('Экзамен с оборванной записью', {});
    // The exam as a broken connection leaves it: the camera's session opened, no playlist, then finished.
    const attempt = await asStudent('POST', '/api/assignment-attempts', { assignment_id: assignment.id });
    await asStudent('POST', '/api/webinar-sessions', {
      session_type: 'main-camera',
      session_kind: 'recording',
      assignment_attempt_id: attempt.id,
    });
    await asStudent('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, {});

    const page = await demo.signedInPage('student', `/s/assignments/${assignment.id}`);
    const block = page.getByTestId('recording-upload');
    await block.waitFor(POLL);
    expect(await block.getAttribute('data-state')).toBe('incomplete');
    await block
      .getByText('Запись этой попытки ещё отправляется или дошла не полностью', { exact: false })
      .waitFor(POLL);
    await block.getByRole('heading', { level: 2, name: 'Запись экзамена' }).waitFor(POLL);

    const issued = page.waitForResponse(
      (r) => r.url().endsWith('/api/webinar-sessions/external-token') && r.request().method() === 'POST',
    );
    await block.getByRole('button', { name: 'Получить ссылку для загрузки' }).click();
    expect((await issued).status()).toBe(201);
    const url = block.getByTestId('recording-upload-url');
    await url.waitFor(POLL);
    const link = (await url.textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${demo.url}/session/upload/upload\\.${attempt.id}\\.\\d+\\.[\\w-]+$`));
    // The QR code is an image of the link (an SVG drawn by the qrcode package), named for screen readers.
    const qr = block.getByRole('img', { name: 'QR-код ссылки для загрузки записи' });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    await page.screenshot({ path: screenshotPath('student-upload-link'), fullPage: true });

    // The student opens it (a new tab, as the link does) and sends a recording of the screen.
    const [upload] = await Promise.all([page.waitForEvent('popup'), url.click()]);
    await upload.getByTestId('upload-page').waitFor(POLL);
    expect(await upload.getByTestId('link-student').textContent()).toBe(exams.student.firstname);
    await upload.locator('input[type="file"]').setInputFiles(recording);
    await upload.getByTestId('upload-type').getByText('Экран').click();
    await upload.getByTestId('upload-send').click();
    await upload.getByTestId('upload-sent').waitFor(POLL);

    // The platform took it for this attempt: a screen session with its playlist (finished).
    const screens = async () => {
      const answer = await demo.getAs(
        exams.studentToken,
        `/api/webinar-sessions?filter[assignment_attempt_id]=${attempt.id}&filter[session_type]=screen`,
      );
      return ((await answer.json()) as { entities: ExamSession[] }).entities;
    };
    await expect.poll(async () => (await screens()).map((s) => s.status), POLL).toEqual(['finished']);
    expect(demo.errors).toEqual([]);
  }, 240_000);

  it('an attempt whose recording arrived says so, and still offers the link', async () => {
    const assignment = await exams.create('Экзамен с полной записью', {});
    const attempt = await asStudent('POST', '/api/assignment-attempts', { assignment_id: assignment.id });
    const session = await asStudent('POST', '/api/webinar-sessions', {
      session_type: 'main-camera',
      session_kind: 'recording',
      assignment_attempt_id: attempt.id,
    });
    // As the exam's uploader sends it: a chunk, then the playlist that finishes the session.
    const send = async (name: string, blob: Blob) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(session.file_upload_params)) form.set(key, String(value));
      form.set('file', blob, name);
      const answer = await fetch(`${demo.url}${session.file_upload_endpoint}`, {
        method: 'POST',
        body: form,
      });
      expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    };
    await send('chunk_00000.webm', new Blob([readFileSync(recording)], { type: 'video/webm' }));
    const playlist = {
      type: 'video/webm',
      duration: 3,
      segments: [{ filename: 'chunk_00000.webm', duration: 3 }],
    };
    await send('manifest.json', new Blob([JSON.stringify(playlist)], { type: 'application/json' }));
    await asStudent('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, {});

    const page = await demo.signedInPage('student', `/s/assignments/${assignment.id}`);
    const block = page.locator('[data-testid="recording-upload"][data-state="sent"]');
    await block.waitFor(POLL);
    await block.getByText('Запись этой попытки получена', { exact: false }).waitFor(POLL);
    // Still offered: part of a recording may have stayed on another device.
    await block.getByRole('button', { name: 'Получить ссылку для загрузки' }).waitFor(POLL);
    await page.screenshot({ path: screenshotPath('student-upload-link-sent'), fullPage: true });
    expect(demo.errors).toEqual([]);
  }, 180_000);
});
