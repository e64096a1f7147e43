import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type RunningS3Server } from '../../services/src/platform/objects/s3-server';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

const TALL = { viewport: { width: 1280, height: 1100 } };

/**
 * The manager's servers and storages against the demo platform: a webinar server with ICE servers
 * (after the server refused a bad ICE address), its reachability check against the platform's own
 * port; the platform's parts; an external S3 storage (a second s3rver started here, standing in for
 * the school's) with its connection check; the screens refused to a teacher.
 */
describe("a manager's servers and storages", () => {
  const demo = new DemoPlatform();
  let external: RunningS3Server;
  let externalDir: string;

  beforeAll(async () => {
    externalDir = await mkdtemp(path.resolve('.tmp/servers-s3-'));
    external = await startS3Server({
      dataDir: externalDir,
      accessKey: 'school-key',
      secretKey: 'school-secret',
    });
    expect((await fetch(`http://127.0.0.1:${external.port}/school-archive`, { method: 'PUT' })).status).toBe(
      200,
    );
    await demo.start();
  });
  afterAll(async () => {
    await demo.stop();
    await external?.stop();
    await rm(externalDir, { recursive: true, force: true });
  });

  it('adds a webinar server with ICE servers after a refused address, and checks it', async () => {
    const page = await demo.signedInPage('manager', '/m/servers', TALL);
    await page.getByRole('heading', { level: 1, name: 'Серверы' }).waitFor();
    await page.getByText('Серверов пока нет.').waitFor();
    await page.getByTestId('platform-role').first().waitFor();
    expect(await page.getByTestId('platform-role').count()).toBeGreaterThanOrEqual(5);
    await page.getByRole('link', { name: 'Добавить сервер' }).click();
    await page.getByRole('heading', { level: 1, name: 'Добавить сервер' }).waitFor();
    await page.locator('input[name="name"]').fill('Вебинары школы');
    await page.locator('input[name="provider"]').fill('livekit');
    await page.locator('input[name="host"]').fill(demo.url);
    await page.locator('input[name="alternate_host"]').fill('https://127.0.0.1:9');
    await page.getByRole('button', { name: 'Добавить ICE-сервер' }).click();
    await page.locator('input[name="ice_servers.0.urls"]').fill('stun:stun.school.kz:3478');
    await page.getByRole('button', { name: 'Добавить ICE-сервер' }).click();
    await page.locator('input[name="ice_servers.1.urls"]').fill('turn.school.kz');
    await page.locator('input[name="ice_servers.1.username"]').fill('sabaq');
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/webinar-servers') && r.request().method() === 'POST',
    );
    await page.getByTestId('server-save').click();
    expect((await refused).status()).toBe(422);
    const ice = page.locator('input[name="ice_servers.1.urls"]');
    await expect.poll(() => ice.getAttribute('aria-invalid')).toBe('true');
    await page.locator('.mantine-Notification-root', { hasText: 'stun:host:port' }).waitFor();
    await ice.fill('turn:turn.school.kz:3478');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/webinar-servers') && r.request().method() === 'POST',
    );
    await page.getByTestId('server-save').click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(/\/m\/servers\/edit\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Вебинары школы' }).waitFor();
    expect(await page.locator('input[name="ice_servers.1.urls"]').inputValue()).toBe(
      'turn:turn.school.kz:3478',
    );

    await page.getByTestId('server-check').click();
    const badges = page.getByTestId('host-check');
    await badges.nth(1).waitFor();
    expect(await badges.nth(0).textContent()).toMatch(/^Доступен, [\d,]+ мс$/);
    expect(await badges.nth(1).textContent()).toMatch(/^Недоступен: /);

    await page.goto(`${demo.url}/m/servers`);
    const row = page.getByTestId('record-row').filter({ hasText: 'Вебинары школы' });
    await row.waitFor();
    await row.getByTestId('server-check').click();
    await row.getByTestId('host-check').first().waitFor();
    await page.screenshot({ path: screenshotPath('servers'), fullPage: true });
  });

  it('adds an external storage, keeps its secret out of the page, and checks the connection', async () => {
    const page = await demo.signedInPage('manager', '/m/storages', TALL);
    await page.getByRole('heading', { level: 1, name: 'Хранилища' }).waitFor();
    const platform = page.getByTestId('platform-storage');
    await platform.getByText('Доступно').waitFor();
    expect(await platform.textContent()).toMatch(/s3rver/);
    await page.getByRole('link', { name: 'Добавить хранилище' }).click();
    await page.locator('input[name="name"]').fill('Архив школы');
    await page.locator('input[name="endpoint"]').fill(`http://127.0.0.1:${external.port}`);
    await page.locator('input[name="bucket"]').fill('school-archive');
    await page.locator('input[name="prefix"]').fill('sabaq');
    await page.locator('input[name="access_key"]').fill('school-key');
    await page.locator('input[name="secret_key"]').fill('school-secret');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/storages') && r.request().method() === 'POST',
    );
    await page.getByTestId('storage-save').click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect(await answer.text()).not.toContain('school-secret');
    await page.waitForURL(/\/m\/storages\/edit\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Архив школы' }).waitFor();
    expect(await page.locator('input[name="secret_key"]').inputValue()).toBe('');
    await page.getByText('Ключ сохранён и не показывается').waitFor();
    await page.getByTestId('storage-check-button').click();
    const result = page.getByTestId('storage-check');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    for (const step of ['Бакет найден', 'Файл записан', 'Файл прочитан', 'Файл удалён'])
      await result.getByText(step).waitFor();
    await page.screenshot({ path: screenshotPath('storage-check'), fullPage: true });

    // A wrong bucket: the check stops at the first step and says why.
    await page.locator('input[name="bucket"]').fill('no-such-bucket');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/storages/') && r.request().method() === 'PUT',
    );
    await page.getByTestId('storage-save').click();
    expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ bucket: 'no-such-bucket' });
    await page.getByTestId('storage-check-button').click();
    await expect.poll(() => page.getByTestId('storage-check').getAttribute('data-ok')).toBe('false');
    await page
      .getByTestId('storage-check')
      .getByText(/no-such-bucket/)
      .waitFor();

    await page.goto(`${demo.url}/m/storages`);
    await page.getByTestId('record-row').filter({ hasText: 'Архив школы' }).waitFor();
    await page.screenshot({ path: screenshotPath('storages'), fullPage: true });
  });

  it('speaks English and Kazakh too', async () => {
    const page = await demo.signedInPage('manager', '/m/servers/create');
    await page.getByRole('heading', { level: 1, name: 'Добавить сервер' }).waitFor();
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Add server' }).waitFor();
    await page.getByRole('button', { name: 'Add ICE server' }).waitFor();
    await page.getByTestId('language-switcher').getByText('KZ', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Сервер қосу' }).waitFor();
    await page.getByRole('button', { name: 'ICE-сервер қосу' }).waitFor();
    await page.goto(`${demo.url}/m/storages`);
    await page.getByRole('heading', { level: 1, name: 'Қоймалар' }).waitFor();
    await page.getByTestId('platform-storage').getByText('Платформа қоймасы').waitFor();
    await page.getByRole('columnheader', { name: 'Бакет' }).first().waitFor();
  });

  it('is refused to a teacher', async () => {
    const page = await demo.signedInPage('teacher', '/m/servers');
    await page.getByText('Доступ запрещён').first().waitFor();
  });

  it('has no script errors', () => {
    expect(demo.errors).toEqual([]);
  });
});
