import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latinWords } from '../../web/src/shared/i18n/latin-words';
import { DemoPlatform, seedTokensScript } from './support/demo-platform';

/** Each group's area, opened at its main page. */
const AREAS = [
  { username: 'teacher', path: '/t' },
  { username: 'student', path: '/s' },
  { username: 'manager', path: '/m' },
  { username: 'proctor', path: '/p' },
  { username: 'analyst', path: '/an' },
  { username: 'admin', path: '/a' },
] as const;

/**
 * The rendered main page of every group's area, in Russian and in Kazakh, holds no English: every
 * Latin word on screen (menus, header, page, dialogs) is one of the names the locale bundles' test
 * allows (`web/src/shared/i18n/latin-words.ts`). The page is read once its heading is drawn and the
 * network is quiet, so lists and figures have come in; the check is of words, not of timings.
 */
describe('the areas speak Russian and Kazakh', () => {
  const demo = new DemoPlatform({ history: true });

  beforeAll(() => demo.start(), 600_000);
  afterAll(() => demo.stop());

  describe.each(['ru', 'kz'] as const)('in %s', (locale) => {
    it.each(AREAS)("$username's main page has no English words", async ({ username, path }) => {
      const tokens = await demo.tokensOf(username);
      const page = await demo.newPage();
      await page.context().addCookies([{ name: 'locale', value: locale, url: demo.url }]);
      await page.addInitScript(seedTokensScript(tokens));
      await page.goto(`${demo.url}${path}`);
      await expect
        .poll(() => page.locator('html').getAttribute('lang'))
        .toBe(locale === 'kz' ? 'kk-KZ' : 'ru-RU');
      await page.locator('h1, [role="dialog"]').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // The language switcher names the languages by their codes (RU, EN, KZ) in every language.
      await page.getByTestId('language-switcher').evaluate((el) => {
        (el as unknown as { style: { display: string } }).style.display = 'none';
      });
      const text = await page.locator('body').innerText();
      expect(text.length).toBeGreaterThan(100);
      expect(latinWords(text), `${path} in ${locale}`).toEqual([]);
    });
  });
});
