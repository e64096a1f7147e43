import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { launchChromium } from './support/chromium';
import { waitForAllUp, type HealthAnswer } from './support/health';
import { ensureWebBuild } from './support/web-build';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const screenshotDir = path.join(repoRoot, '.tmp/screenshots');

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

// What a reader must see for each component the platform reports, per language.
const RUSSIAN_NAMES: Record<string, string> = {
  event_store: 'Хранилище событий',
  read_models: 'Модели чтения',
  analytics: 'Аналитика',
  objects: 'Хранилище файлов',
  log: 'Журнал событий',
  http: 'Веб-сервер',
  transcoder: 'Конвертер видео (ffmpeg)',
  analyzer: 'ИИ-анализ записей',
};
const ENGLISH_NAMES: Record<string, string> = {
  event_store: 'Event store',
  read_models: 'Read models',
  analytics: 'Analytics',
  objects: 'File storage',
  log: 'Event log',
  http: 'Web server',
  transcoder: 'Video transcoder (ffmpeg)',
  analyzer: 'AI re-analysis',
};

describe('platform status page', () => {
  let platform: Awaited<ReturnType<typeof startEmbeddedPlatform>>;
  let browser: Browser;
  let dataDir: string;
  let health: HealthAnswer;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuild();
    await mkdir(screenshotDir, { recursive: true });
    dataDir = await mkdtemp(path.join(repoRoot, '.tmp/browser-platform-'));
    [platform, browser] = await Promise.all([
      startEmbeddedPlatform({ dataDir, port: 0, host: '127.0.0.1', demo: false }),
      launchChromium(),
    ]);
    health = await waitForAllUp(platform.url);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await platform?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A fresh visitor: no cookies; the browser asks for English, yet the product starts in Russian. */
  async function openPage(options: BrowserContextOptions, pathname: string): Promise<Page> {
    const context = await browser.newContext({ ...options, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${pathname}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`${pathname}: ${message.text()}`);
    });
    await page.goto(`${platform.url}${pathname}`);
    return page;
  }

  async function expectComponentCards(page: Page, names: Record<string, string>, upLabel: string) {
    const cards = page.getByTestId('component-card');
    await expect.poll(() => cards.count()).toBe(health.components.length);
    for (const component of health.components) {
      const card = page.locator(`[data-testid="component-card"][data-component="${component.name}"]`);
      expect(await card.getAttribute('data-status')).toBe('up');
      expect(await card.getByTestId('component-status').textContent()).toBe(upLabel);
      expect(await card.innerText()).toContain(names[component.name] ?? component.name);
      expect(await card.innerText()).toContain(component.kind);
      // What the component has (the transcoder: where ffmpeg is) is shown as /health says it.
      if (component.detail) expect(await card.innerText()).toContain(component.detail);
    }
  }

  it('links from the index page to the status page', async () => {
    const page = await openPage(DESKTOP, '/');
    // A visitor is greeted by the sign-in modal; closing it uncovers the front page.
    await page.getByTestId('auth-modal').getByRole('heading', { name: 'Вход' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('auth-modal').waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Состояние платформы' }).click();
    await page.waitForURL(`${platform.url}/status`);
    await page.getByRole('heading', { level: 1, name: 'Состояние платформы' }).waitFor();
  });

  it('shows every component up, in Russian by default', async () => {
    const page = await openPage(DESKTOP, '/status');
    await page.getByRole('heading', { level: 1, name: 'Состояние платформы' }).waitFor();
    await expectComponentCards(page, RUSSIAN_NAMES, 'Работает');
    expect(await page.getByTestId('overall-status').textContent()).toBe('Всё работает');
    expect(await page.getByTestId('projection-row').count()).toBe(health.projections.length);
    expect(await page.evaluate('document.documentElement.lang')).toBe('ru-RU');
    await page.screenshot({ path: path.join(screenshotDir, 'status-desktop-ru.png'), fullPage: true });
  });

  it('switches to English, sends Locale and remembers the choice in the locale cookie for a year', async () => {
    const page = await openPage(DESKTOP, '/status');
    await page.getByTestId('component-card').first().waitFor();

    // Switching language refetches /health at once, now asking for English.
    const englishRequest = page.waitForRequest(
      (request) => request.url().endsWith('/health') && request.headers()['locale'] === 'en',
    );
    await page.getByTestId('language-switcher').getByText('EN', { exact: true }).click();
    await englishRequest;
    await page.getByRole('heading', { level: 1, name: 'Platform status' }).waitFor();
    await expectComponentCards(page, ENGLISH_NAMES, 'Up');
    expect(await page.getByTestId('overall-status').textContent()).toBe('All systems operational');

    const cookie = (await page.context().cookies(platform.url)).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Platform status' }).waitFor();
    await page.getByTestId('component-card').first().waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'status-desktop-en.png'), fullPage: true });
  });

  it('stacks the component cards on a phone', async () => {
    const page = await openPage(PHONE, '/status');
    await page.getByRole('heading', { level: 1, name: 'Состояние платформы' }).waitFor();
    await expectComponentCards(page, RUSSIAN_NAMES, 'Работает');
    const cards = page.getByTestId('component-card');
    const first = await cards.nth(0).boundingBox();
    const second = await cards.nth(1).boundingBox();
    expect(second?.x).toBe(first?.x);
    expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    // Projections turn from a table into a list: five columns do not fit a phone.
    expect(await page.getByTestId('projections-table').isVisible()).toBe(false);
    expect(await page.getByTestId('projection-item').count()).toBe(health.projections.length);
    // Nothing may stick out sideways on a narrow screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(screenshotDir, 'status-mobile-ru.png'), fullPage: true });
  });

  it('shows an event a projection parked: degraded, the count, the first error and the command to replay', async () => {
    // The dead-letter row a projection writes when it steps over an event (parked-events.ts).
    await platform.db
      .insertInto('projection_parked')
      .values({
        projection: 'proctoring.actions',
        event_id: 'poisoned-1',
        position: '1',
        event_type: 'ProctoringActionRecorded',
        error: 'null value in column "student_id"',
        attempts: 1,
        parked_at: new Date(),
        replay_requested_at: null,
      })
      .execute();
    const page = await openPage(DESKTOP, '/status');
    const row = page.locator('[data-testid="projection-row"]', { hasText: 'proctoring.actions' });
    const note = row.getByTestId('projection-parked');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'Отложено событий: 1. Первая ошибка: null value in column "student_id". После исправления: npm run replay-parked -- proctoring.actions',
    );
    expect(await page.getByTestId('overall-status').textContent()).toBe('Работает с ограничениями');
    // Once in the table and once in the phone's list (hidden here), for this projection only.
    expect(await page.getByTestId('projection-parked').count()).toBe(2);
    const item = page.locator('[data-testid="projection-item"]', { hasText: 'proctoring.actions' });
    expect(await item.getByTestId('projection-parked').count()).toBe(1);
    await page.screenshot({ path: path.join(screenshotDir, 'status-parked-ru.png'), fullPage: true });
    await platform.db.deleteFrom('projection_parked').execute();
  });

  it('raised no script errors on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
