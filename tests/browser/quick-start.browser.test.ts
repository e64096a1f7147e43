import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath, signInThroughModal } from './support/demo-platform';

/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };
const NAME = 'Диктант по коду';

/**
 * The classroom quick start (`/startx`): the teacher makes the assignment's launch link and shows its
 * short code and QR on the projector; a signed-out student types the code, signs in, and lands in the
 * assignment.
 */
describe('the quick start by code', () => {
  const demo = new DemoPlatform();
  let assignmentId = '';
  let code = '';

  async function as(username: string, method: string, pathname: string, body?: unknown) {
    const { access_token } = await demo.tokensOf(username);
    const response = await fetch(`${demo.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { entity: Record<string, unknown> & { id: string } };
    expect(response.status, JSON.stringify(json)).toBeLessThan(300);
    return json.entity;
  }

  beforeAll(async () => {
    await demo.start();
    const student = await as('student', 'GET', '/api/student.json');
    assignmentId = (
      await as('teacher', 'POST', '/api/assignments', {
        type: 'external',
        name: NAME,
        external_url: 'https://forms.example.org/dictation',
        is_proctoring: false,
        students: [student.id],
      })
    ).id;
  });
  afterAll(() => demo.stop());

  it('the teacher makes the link and sees its code and QR, and shows them full screen', async () => {
    const page = await demo.signedInPage('teacher', `/t/assignments/${assignmentId}`);
    const panel = page.getByTestId('launch-link');
    await panel.getByTestId('launch-link-make').click(POLL);
    const value = panel.getByTestId('launch-code-value');
    await value.waitFor(POLL);
    code = (await value.textContent()) ?? '';
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const qr = panel.getByTestId('launch-code-qr');
    await qr.waitFor(POLL);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.getAttribute('alt')).toBe('QR-код быстрого старта');
    await panel.screenshot({ path: screenshotPath('startx-link'), animations: 'disabled' });

    await panel.getByTestId('launch-code-fullscreen').click();
    const projector = page.getByTestId('launch-code-projector-body');
    await projector.getByText(code, { exact: true }).waitFor(POLL);
    await projector
      .getByText(`Откройте ${demo.url.replace(/^https?:\/\//, '')}/startx и введите код`)
      .waitFor();
    await projector.getByRole('img', { name: 'QR-код быстрого старта' }).waitFor();
    await page.screenshot({ path: screenshotPath('startx-projector'), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await projector.waitFor({ state: 'detached', ...POLL });
  });

  it('a signed-out student types the code, signs in and lands on the assignment', async () => {
    expect(code).not.toBe('');
    const page = await demo.newPage();
    await page.goto(`${demo.url}/startx`);
    const field = page.getByRole('textbox', { name: 'Код задания' });
    await field.waitFor(POLL);
    // Focused on arrival; typed in lower case without the dash, it is grouped as it is shown.
    expect(
      await page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null"),
    ).toBe('quick-start-code');
    await page.keyboard.type(code.replace('-', '').toLowerCase());
    expect(await field.inputValue()).toBe(code);
    await page.getByTestId('quick-start-sign-in').waitFor();
    await page.screenshot({ path: screenshotPath('startx') });
    await page.getByRole('button', { name: 'Перейти' }).click();
    await page.getByTestId('auth-modal').waitFor(POLL);
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);
    await signInThroughModal(page, 'student');
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}`, POLL);
    await page.getByText(NAME).first().waitFor(POLL);

    // Signed in: a wrong code is told under the field.
    await page.goto(`${demo.url}/startx?code=ZZZZ-ZZZZ`);
    await page.getByText('Код не найден. Проверьте его или спросите учителя.').waitFor(POLL);
    expect(page.url()).toBe(`${demo.url}/startx?code=ZZZZ-ZZZZ`);
    expect(demo.errors).toEqual([]);
  });
});
