import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, PHONE, screenshotPath } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen or convert a video: polls wait longer. */
const POLL = { timeout: 30_000 };
const CONVERSION = { timeout: 120_000, interval: 1_000 };

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg: ${err.slice(-400)}`))));
  });
}

/**
 * The files the teacher uploads, made at test time (nothing committed): a test-pattern PNG and a
 * 4-second WebM (VP8 and Opus, as browsers record) large enough for the throttled upload to report
 * progress along the way.
 */
async function makeFiles(dir: string): Promise<{ image: string; video: string }> {
  const image = path.join(dir, 'схема.png');
  const video = path.join(dir, 'опыт.webm');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=1', '-frames:v', '1', image]);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '4',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '600k',
    '-c:a',
    'libopus',
    video,
  ]);
  return { image, video };
}

/** Every text the upload rows' percentages showed, collected as the page changes them. */
async function watchUploadPercents(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__percents = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="upload-percent"]'))
        window.__percents.push(el.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

const item = (page: Page, name: string) => page.locator(`[data-testid="media-item"][data-name="${name}"]`);

async function itemAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Действия: ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/**
 * The screens of docs/web.md's media library, invite codes and certificates against the real platform:
 * the transcoder converts the uploaded video and the browser plays it through the API.
 */
describe('media library, invite codes and certificates', () => {
  const demo = new DemoPlatform();
  let files: { image: string; video: string };
  let tmp = '';

  beforeAll(async () => {
    await mkdir(path.resolve('.tmp'), { recursive: true });
    tmp = await mkdtemp(path.resolve('.tmp/library-files-'));
    [files] = await Promise.all([makeFiles(tmp), demo.start()]);
  });
  afterAll(async () => {
    await demo.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('the teacher makes a folder, uploads an image and a video with progress, moves, renames and plays', async () => {
    const page = await demo.signedInPage('teacher', '/t/media');
    await page.getByRole('heading', { level: 1, name: 'Медиатека' }).waitFor();
    await page.getByTestId('media-empty').waitFor();

    // A new folder is named in place: Enter saves.
    await page.getByRole('button', { name: 'Создать папку' }).click();
    await page.getByTestId('media-name-input').fill('Физика, 8 класс');
    await page.getByTestId('media-name-input').press('Enter');
    await item(page, 'Физика, 8 класс').waitFor();
    // Esc drops a folder that was never saved.
    await page.getByRole('button', { name: 'Создать папку' }).click();
    await page.getByTestId('media-name-input').fill('Черновик');
    await page.getByTestId('media-name-input').press('Escape');
    await expect.poll(() => page.getByTestId('media-name-input').count()).toBe(0);
    expect(await page.getByTestId('media-item').count()).toBe(1);

    // A double-click opens the folder; the breadcrumbs start at the root.
    await item(page, 'Физика, 8 класс').dblclick();
    await page.getByTestId('media-current-folder').filter({ hasText: 'Физика, 8 класс' }).waitFor();
    await page.getByTestId('media-empty').waitFor();

    // Uploads over a slow link, so that the bar moves through percentages the user can see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await page.getByTestId('media-upload').first().click();
    const modal = page.getByRole('dialog', { name: 'Загрузка файлов' });
    await modal.getByText('В папку: Физика, 8 класс').waitFor();
    await watchUploadPercents(page);
    await page.getByTestId('media-file-input').setInputFiles([files.image, files.video]);
    // Caught halfway: the bar and its percentage while the video is on its way.
    await modal
      .getByTestId('upload-percent')
      .filter({ hasText: /^[1-9]\d? %$/ })
      .first()
      .waitFor(POLL);
    await page.screenshot({ path: screenshotPath('media-upload') });
    await expect
      .poll(() => modal.locator('[data-testid="upload-row"][data-state="done"]').count(), CONVERSION)
      .toBe(2);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = (await page.evaluate('window.__percents')) as string[];
    const between = seen.filter((text) => /^\d+ %$/.test(text)).map((text) => Number.parseInt(text, 10));
    expect(
      between.some((p) => p > 0 && p < 100),
      `percentages seen: ${[...new Set(seen)].join(', ')}`,
    ).toBe(true);
    await modal.getByRole('button', { name: 'Закрыть' }).click();
    await item(page, 'схема.png').waitFor();
    await item(page, 'опыт.webm').waitFor();

    // Rename in place.
    await itemAction(page, 'схема.png', 'Переименовать');
    await page.getByTestId('media-name-input').fill('Схема опыта');
    await page.getByTestId('media-name-input').press('Enter');
    await item(page, 'Схема опыта').waitFor();

    // Cut here, paste at the root: the string 'null' is the root's parent (001 §3).
    await itemAction(page, 'Схема опыта', 'Вырезать');
    await page
      .getByRole('navigation', { name: 'Путь к папке' })
      .getByRole('button', { name: 'Медиатека' })
      .click();
    await item(page, 'Физика, 8 класс').waitFor();
    await page.getByRole('button', { name: 'Вставить «Схема опыта» сюда' }).click();
    await item(page, 'Схема опыта').waitFor();
    const tokens = await demo.tokensOf('teacher');
    const root = (await (await demo.getAs(tokens.access_token!, '/api/media?page=1')).json()) as {
      entities: { data: { name: string; parent_id: string | null }[] };
    };
    expect(root.entities.data.find((i) => i.name === 'Схема опыта')?.parent_id).toBeNull();

    // The image previews on a click; the list view shows sizes in kilobytes.
    await item(page, 'Схема опыта').click();
    await page.getByTestId('media-preview').getByRole('img', { name: 'Схема опыта' }).waitFor();
    await page.getByRole('toolbar', { name: 'Медиатека' }).locator('label', { hasText: 'Список' }).click();
    await item(page, 'Схема опыта').getByText(/КБ$/).waitFor();
    await page.getByRole('toolbar', { name: 'Медиатека' }).locator('label', { hasText: 'Плитки' }).click();

    // The video converts on the platform and then plays as HLS through the API.
    await item(page, 'Физика, 8 класс').dblclick();
    await item(page, 'опыт.webm').click();
    const preview = page.getByTestId('media-preview');
    const video = preview.getByTestId('media-video');
    await video.waitFor(CONVERSION);
    const played = await video.evaluate(async (element) => {
      const v = element as unknown as {
        muted: boolean;
        currentTime: number;
        play(): Promise<void>;
        pause(): void;
      };
      v.muted = true;
      await v.play();
      const started = v.currentTime;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const later = v.currentTime;
      v.pause();
      return { started, later };
    });
    expect(played.later - played.started).toBeGreaterThan(0.5);
    await page.screenshot({ path: screenshotPath('media-library') });

    // Removing asks first.
    await page
      .getByRole('navigation', { name: 'Путь к папке' })
      .getByRole('button', { name: 'Медиатека' })
      .click();
    await itemAction(page, 'Схема опыта', 'Удалить');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => item(page, 'Схема опыта').count(), POLL).toBe(0);
  });

  it('the student has a library of their own, and sees it on a phone', async () => {
    const page = await demo.signedInPage('student', '/s/media', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Медиатека' }).waitFor();
    // The teacher's files are the teacher's: the student's library starts empty.
    await page.getByTestId('media-empty').waitFor();
    await page.getByRole('button', { name: 'Создать папку' }).click();
    await page.getByTestId('media-name-input').fill('Мои работы');
    await page.getByTestId('media-name-input').press('Enter');
    await item(page, 'Мои работы').waitFor();
    await page.screenshot({ path: screenshotPath('media-library-phone') });
  });

  it('the teacher creates an invite code (a missing name refused under the field), sees it listed and revokes it', async () => {
    const page = await demo.signedInPage('teacher', '/t/invites');
    await page.getByRole('heading', { level: 1, name: 'Инвайт-коды' }).waitFor();
    await page.getByTestId('records-empty').waitFor();
    await page.getByRole('toolbar').getByRole('link', { name: 'Создать инвайт-код' }).click();
    await page.waitForURL(`${demo.url}/t/invites/create`);
    // The name is required: the server's words under the field and in the toast.
    await page.getByTestId('invite-save').click();
    const nameError = page.locator('.mantine-TextInput-error').first();
    await nameError.waitFor();
    await page.locator('.mantine-Notification-root').first().waitFor();
    await page.getByRole('textbox', { name: 'Название' }).fill('Приглашение в 7 «А»');
    await page.getByRole('textbox', { name: 'Максимум использований' }).fill('30');
    await page.getByRole('button', { name: 'Добавить получателя' }).click();
    await page.getByRole('textbox', { name: 'Телефон или e-mail' }).fill('parent@example.org');
    await page.getByTestId('invite-save').click();
    await page.waitForURL(/\/t\/invites\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Приглашение в 7 «А»' }).waitFor();
    const code = (await page.getByTestId('invite-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await page.getByTestId('invite-usages').textContent()).toBe('0 / 30');

    await page.goto(`${demo.url}/t/invites`);
    const row = page.getByTestId('record-row').filter({ hasText: 'Приглашение в 7 «А»' });
    await row.getByText(code).waitFor();
    expect(await row.getByTestId('invite-state').textContent()).toBe('Действует');
    await page.screenshot({ path: screenshotPath('invites') });

    // Revoked after confirmation: the list says so.
    await row.getByRole('link', { name: 'Приглашение в 7 «А»' }).click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Отозвать' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => page.getByTestId('invite-state').first().textContent(), POLL).toBe('Отозван');
  });

  it('the teacher issues a certificate on the assignment; the student opens and downloads it', async () => {
    const teacher = (await demo.tokensOf('teacher')).access_token!;
    const student = (await demo.tokensOf('student')).access_token!;
    const call = async (method: string, url: string, body?: object) => {
      const response = await fetch(`${demo.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await response.json()) as Record<string, unknown>;
      expect(response.status, JSON.stringify(json)).toBeLessThan(300);
      return json;
    };
    const me = (await (await demo.getAs(student, '/api/user.json')).json()) as {
      id?: string;
      entity?: { id: string };
    };
    const studentId = me.entity?.id ?? me.id ?? '';
    const quizzes = (await call('GET', '/api/quiz')) as {
      entities: { id: string }[] | { data: { id: string }[] };
    };
    const quizList = Array.isArray(quizzes.entities) ? quizzes.entities : quizzes.entities.data;
    const template = (await call('POST', '/api/certificates', {
      name: 'Сертификат об окончании',
      serial_number: 'KZ-',
      elements: [
        { variable: 'fullname', styles: { font_size: 40, font_weight: 700 }, options: { y: 30 } },
        { variable: 'subject' },
        { variable: 'qr-code', type: 'qr-code', options: { x: 80, y: 70, width: 15 } },
      ],
    })) as { entity: { id: string } };
    const assignment = (await call('POST', '/api/assignments', {
      type: 'quiz',
      quizzes: [quizList[0]!.id],
      students: [studentId],
      is_proctoring: false,
      is_certificate: true,
      certificate_id: template.entity.id,
      settings: { certificate: { issue_type: 'manual', show_report: true } },
    })) as { entity: { id: string } };

    // The teacher issues it from the students' table (the button calls the issue route).
    const page = await demo.signedInPage('teacher', `/t/assignments/${assignment.entity.id}`);
    const cell = page.getByTestId('certificate-cell');
    await cell.getByTestId('certificate-state').filter({ hasText: 'Не выдан' }).waitFor(POLL);
    await cell.getByRole('button', { name: /^Выдать сертификат/ }).click();
    await cell
      .getByTestId('certificate-state')
      .filter({ hasText: /^Выдан$/ })
      .waitFor(POLL);
    expect(await cell.getByTestId('certificate-number').textContent()).toBe('KZ-000001');
    await cell.getByRole('button', { name: /^Отозвать сертификат/ }).waitFor();
    await page.screenshot({ path: screenshotPath('certificates-teacher') });

    const mine = await demo.signedInPage('student', '/s/certificates');
    await mine.getByRole('heading', { level: 1, name: 'Сертификаты' }).waitFor();
    const row = mine.getByTestId('record-row').filter({ hasText: 'KZ-000001' });
    await row.waitFor(POLL);
    await row.getByRole('button', { name: /^Открыть/ }).click();
    const viewer = mine.getByRole('dialog', { name: 'Сертификат KZ-000001' });
    const image = viewer.getByTestId('certificate-image');
    await image.waitFor(POLL);
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), POLL)
      .toBeGreaterThan(0);
    expect(new URL(mine.url()).searchParams.get('certificate')).not.toBeNull();
    const [download] = await Promise.all([
      mine.waitForEvent('download'),
      viewer.getByTestId('certificate-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('certificate-KZ-000001.svg');
    await mine.screenshot({ path: screenshotPath('certificates') });

    // Revoked on the teacher's side (after confirmation), it leaves the student's list; restored, it returns.
    // The issue's toast opened under the pointer, which holds it open (a hovered toast waits): the
    // pointer leaves, the toast goes, and the button beneath it can be pressed.
    await page.mouse.move(0, 0);
    await page
      .locator('.mantine-Notification-root')
      .first()
      .waitFor({ state: 'detached', ...POLL });
    await cell.getByRole('button', { name: /^Отозвать сертификат/ }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await cell.getByTestId('certificate-state').filter({ hasText: 'Отозван' }).waitFor(POLL);
    await mine.goto(`${demo.url}/s/certificates`);
    await mine.getByTestId('records-empty').waitFor(POLL);
    await cell.getByRole('button', { name: /^Восстановить сертификат/ }).click();
    await cell
      .getByTestId('certificate-state')
      .filter({ hasText: /^Выдан$/ })
      .waitFor(POLL);
    expect(await cell.getByTestId('certificate-number').textContent()).toBe('KZ-000001');
    await mine.reload();
    await mine.getByTestId('record-row').filter({ hasText: 'KZ-000001' }).waitFor(POLL);

    // The same screens in Kazakh and English (the locale cookie, as the header's switcher sets it).
    await mine.context().addCookies([{ name: 'locale', value: 'kz', url: demo.url }]);
    await mine.reload();
    await mine.getByRole('heading', { level: 1, name: 'Сертификаттар' }).waitFor();
    await mine.goto(`${demo.url}/s/media`);
    await mine.getByRole('heading', { level: 1, name: 'Медиатека' }).waitFor();
    await mine.getByRole('button', { name: 'Қалта құру' }).waitFor();
    await mine.context().addCookies([{ name: 'locale', value: 'en', url: demo.url }]);
    await page.context().addCookies([{ name: 'locale', value: 'en', url: demo.url }]);
    await page.goto(`${demo.url}/t/invites`);
    await page.getByRole('heading', { level: 1, name: 'Invite codes' }).waitFor();
    await page.getByTestId('invite-state').filter({ hasText: 'Revoked' }).waitFor();
  });

  it('raised no script errors', () => {
    expect(demo.errors).toEqual([]);
  });
});
