import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { launchChromium } from './chromium';
import { waitForAllUp } from './health';
import { ensureWebBuild } from './web-build';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const DEMO_PASSWORD = 'Demo12345';
export const SCREENSHOT_DIR = path.join(repoRoot, 'docs/screenshots');

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};

/**
 * The real embedded platform with the demo accounts, the built web app and a Chromium, for one test
 * file. Every page it opens records script errors; failed loads the tests cause on purpose (a wrong
 * password's 401, a 403, a collection that does not exist yet) are answers, not script errors.
 */
export class DemoPlatform {
  url = '';
  browser!: Browser;
  readonly errors: string[] = [];
  private platform: { url: string; stop(): Promise<void> } | undefined;
  private dataDir = '';
  private readonly contexts: BrowserContext[] = [];

  /**
   * `history`: the demo school's past exams as `npm start` makes them; off by default, so a suite's
   * counts are its own exams' (the analytics suite of the demo history turns it on).
   */
  constructor(private readonly options: { history?: boolean } = {}) {}

  async start(): Promise<void> {
    ensureWebBuild();
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
    this.dataDir = await mkdtemp(path.join(repoRoot, '.tmp/browser-demo-'));
    const [platform, browser] = await Promise.all([
      startEmbeddedPlatform({
        dataDir: this.dataDir,
        port: 0,
        host: '127.0.0.1',
        demo: true,
        demoHistory: this.options.history ?? false,
      }),
      launchChromium(),
    ]);
    this.platform = platform;
    this.browser = browser;
    this.url = platform.url;
    await waitForAllUp(this.url);
  }

  async stop(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => undefined);
    await this.browser?.close();
    await this.platform?.stop();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  /** A fresh visitor (no cookies, no storage); the browser asks for English, the product starts in Russian. */
  async newPage(options: BrowserContextOptions = DESKTOP): Promise<Page> {
    const context = await this.browser.newContext({ ...options, locale: 'en-US' });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => this.errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
        return;
      this.errors.push(`${page.url()}: ${message.text()}`);
    });
    return page;
  }

  async open(pathname: string, options: BrowserContextOptions = DESKTOP): Promise<Page> {
    const page = await this.newPage(options);
    await page.goto(`${this.url}${pathname}`);
    return page;
  }

  /** Tokens from the API, as a sign-in through the modal would leave them. */
  async tokensOf(username: string, password = DEMO_PASSWORD): Promise<Record<string, string>> {
    const response = await fetch(`${this.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: '2', username, password }),
    });
    if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  }

  /** A page already signed in as the user (storage set before the app's first script runs). */
  async signedInPage(
    username: string,
    pathname: string,
    options: BrowserContextOptions = DESKTOP,
  ): Promise<Page> {
    const tokens = await this.tokensOf(username);
    const page = await this.newPage(options);
    await page.addInitScript(seedTokensScript(tokens));
    await page.goto(`${this.url}${pathname}`);
    return page;
  }

  /** GET as the holder of an access token, for checking what the server now thinks of it. */
  async getAs(token: string, pathname: string): Promise<Response> {
    return fetch(`${this.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  }
}

/** Signs in through the authentication modal on the current page. */
export async function signInThroughModal(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const modal = page.getByTestId('auth-modal');
  await modal.getByLabel('Логин').fill(username);
  await modal.getByLabel('Пароль').fill(password);
  await modal.getByTestId('login-submit').click();
}

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/**
 * A script run before the app's own, storing the tokens as the app keeps them; once per tab, so a
 * sign-out is not undone by the next load. A string: these tests compile without the DOM's types.
 */
export function seedTokensScript(tokens: Record<string, string>): string {
  const entries = {
    'auth.strategy': 'password',
    'auth._token.password': `Bearer ${tokens.access_token}`,
    'auth._refresh_token.password': tokens.refresh_token,
    'auth._ws_token.password': tokens.ws_access_token,
  };
  return `(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(${JSON.stringify(entries)})) if (value) localStorage.setItem(key, value);
  })();`;
}

/** A localStorage entry of the page. */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(key)})`);
}
