import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedCodeSender } from '../../services/src/contexts/identity/verification/code-sender';
import {
  DemoPlatform,
  PHONE,
  screenshotPath,
  seedTokensScript,
  signInThroughModal,
  storedItem,
} from './support/demo-platform';

/**
 * Access (001 §2, §4, §5, §8) against the real platform: the authentication modal and its views, the
 * guards' redirects, the challenge modal and the school selection.
 */
describe('access: sign-in, recovery, challenges and school choice', () => {
  const demo = new DemoPlatform();

  beforeAll(() => demo.start());
  afterAll(() => demo.stop());

  it('opens the sign-in modal for a visitor and enables Войти only when both fields are filled', async () => {
    const page = await demo.open('/');
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('heading', { name: 'Вход' }).waitFor();
    const submit = modal.getByTestId('login-submit');
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByLabel('Логин').fill('manager');
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByLabel('Пароль').fill('x');
    expect(await submit.isDisabled()).toBe(false);
    await modal.getByLabel('Логин').fill('  ');
    expect(await submit.isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('login-desktop') });
  });

  it('shows the 1102 text for a wrong password and stays signed out', async () => {
    const page = await demo.open('/');
    const answer = page.waitForResponse((r) => r.url().endsWith('/oauth/token'));
    await signInThroughModal(page, 'manager', 'wrong-password');
    const response = await answer;
    expect(response.status()).toBe(401);
    expect(((await response.json()) as { status_code: number }).status_code).toBe(1102);
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Пользователь не найден или введен неправильный пароль');
    // The same text as a toast (001 §8).
    await page.locator('.mantine-Notification-root', { hasText: 'Пользователь не найден' }).waitFor();
    expect(await storedItem(page, 'auth._token.password')).toBeNull();
  });

  it("shows 'Превышен лимит запросов' once the sign-in attempts for a username run out (429)", async () => {
    // Ten tries a minute per address and username (identity's limit): spend them, then try in the page.
    for (let i = 0; i < 10; i++)
      await fetch(`${demo.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: '2',
          username: 'nobody',
          password: 'x',
        }),
      });
    const page = await demo.open('/');
    const answer = page.waitForResponse((r) => r.url().endsWith('/oauth/token'));
    await signInThroughModal(page, 'nobody', 'x');
    expect((await answer).status()).toBe(429);
    await page
      .getByTestId('login-error')
      .filter({ hasText: /^Превышен лимит запросов$/ })
      .waitFor();
  });

  it('sends a signed-out visitor of a protected page to the root with redirect_url, and back after sign-in', async () => {
    const page = await demo.open('/m/students?page=1');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('redirect_url'));
    expect(new URL(page.url()).searchParams.get('redirect_url')).toBe('/m/students?page=1');
    await signInThroughModal(page, 'manager');
    await page.waitForURL(`${demo.url}/m/students?page=1`);
    await page.getByRole('heading', { level: 1, name: 'Ученики' }).waitFor();
  });

  it('ignores a redirect_url that leaves the site and goes home instead', async () => {
    const page = await demo.open(`/?redirect_url=${encodeURIComponent('//evil.example/steal')}`);
    await signInThroughModal(page, 'teacher');
    await page.waitForURL(`${demo.url}/t`);
    await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Алексей!' }).waitFor();
  });

  it('walks student2 through the change_password challenge, which cannot be closed', async () => {
    const page = await demo.open('/');
    await signInThroughModal(page, 'student2');
    const modal = page.getByRole('dialog', { name: 'Смена пароля' });
    await modal.waitFor();
    await page.getByTestId('password-expired').waitFor();
    await page.screenshot({ path: screenshotPath('challenge-change-password') });

    // Neither Escape nor a click outside closes it, and the layout stays hidden behind it.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    expect(await modal.isVisible()).toBe(true);
    expect(await page.getByTestId('main-layout').count()).toBe(0);

    await modal.getByLabel('Новый пароль').fill('Новый1234');
    await modal.getByLabel('Повторите пароль').fill('Другой1234');
    await modal.getByRole('button', { name: 'Сменить пароль' }).click();
    await modal.getByText('Пароли не совпадают').waitFor();

    await modal.getByLabel('Повторите пароль').fill('Новый1234');
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/password/change.json'));
    await modal.getByRole('button', { name: 'Сменить пароль' }).click();
    expect((await changed).status()).toBe(200);
    await page.getByText('Пароль успешно изменен').first().waitFor();
    await page.waitForURL(`${demo.url}/s`);
    await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Даниил!' }).waitFor();
    expect(await modal.count()).toBe(0);

    // The new password is the one that signs in now.
    await expect(demo.tokensOf('student2', 'Demo12345')).rejects.toThrow(/401/);
    expect((await demo.tokensOf('student2', 'Новый1234')).access_token).toBeTruthy();
  });

  it('makes the admin of two schools choose one: Exit instead of Cancel, Ready only after a choice', async () => {
    const page = await demo.open('/');
    await signInThroughModal(page, 'admin');
    const modal = page.getByRole('dialog', { name: 'Выбор школы' });
    await modal.getByTestId('school-tile').first().waitFor();
    expect(await modal.getByTestId('school-tile').count()).toBe(2);
    expect(await modal.getByRole('button', { name: 'Отмена' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Выйти' }).waitFor();
    expect(await modal.getByTestId('school-ready').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);

    await modal.getByRole('radio', { name: /Демо-лицей/ }).click();
    expect(await modal.getByRole('radio', { name: /Демо-лицей/ }).getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: screenshotPath('school-selection') });
    await modal.getByTestId('school-ready').click();
    await page.waitForURL(`${demo.url}/a`);
    await page.getByTestId('home-school-name').filter({ hasText: 'Демо-лицей' }).waitFor();
    expect(await page.getByTestId('school-switcher').textContent()).toContain('Демо-лицей');
  });

  it('lets a signed-in user switch school from the header, with Cancel', async () => {
    const page = await demo.signedInPage('admin', '/');
    const modal = page.getByRole('dialog', { name: 'Выбор школы' });
    await modal.getByRole('radio', { name: /Демо-школа/ }).click();
    await modal.getByTestId('school-ready').click();
    await page.waitForURL(`${demo.url}/a`);
    await page.getByTestId('school-switcher').click();
    const switcher = page.getByRole('dialog', { name: 'Выбор школы' });
    await switcher.getByRole('button', { name: 'Отмена' }).waitFor();
    expect(await switcher.getByRole('button', { name: 'Выйти' }).count()).toBe(0);
    await switcher.getByRole('button', { name: 'Отмена' }).click();
    await switcher.waitFor({ state: 'hidden' });
  });

  it('recovers a password through the e-mailed link', async () => {
    const page = await demo.open('/');
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('button', { name: 'Забыли пароль?' }).click();
    await modal.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    await modal.getByLabel('Логин').fill('proctor');
    await modal.getByRole('button', { name: 'Продолжить' }).click();
    // The proctor has an e-mail and no phone: the answer is verification_type email.
    await modal.getByTestId('remind-email-sent').waitFor();

    const mail = embeddedCodeSender.lastMessageTo('proctor@demo.sabaq.kz');
    const link = /\/password\/reset\?\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const fromMail = await demo.open(link!);
    await fromMail.waitForURL((url) => url.searchParams.get('action') === 'remind');
    const form = fromMail.getByTestId('auth-modal');
    await form.getByRole('heading', { name: 'Новый пароль' }).waitFor();
    await form.getByLabel('Новый пароль').fill('Прокторинг1');
    await form.getByLabel('Повторите пароль').fill('Прокторинг1');
    await form.getByRole('button', { name: 'Сменить пароль' }).click();
    await fromMail.getByText('Пароль успешно изменен').first().waitFor();
    // Back at the login view, the username filled in; the new password signs in.
    await form.getByRole('heading', { name: 'Вход' }).waitFor();
    expect(await form.getByLabel('Логин').inputValue()).toBe('proctor');
    await form.getByLabel('Пароль').fill('Прокторинг1');
    await form.getByTestId('login-submit').click();
    await fromMail.waitForURL(`${demo.url}/p`);
  });

  it('confirms an e-mail from its link, and returns to the login view for a wrong code', async () => {
    const { access_token } = await demo.tokensOf('teacher');
    const requested = await fetch(`${demo.url}/api/email/request.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new.teacher@demo.sabaq.kz' }),
    });
    expect(requested.status).toBe(200);
    const code = /Код подтверждения: (\d+)/.exec(
      embeddedCodeSender.lastMessageTo('new.teacher@demo.sabaq.kz')?.text ?? '',
    )?.[1];
    expect(code).toBeTruthy();

    const wrong = await demo.open('/?action=confirmation&code=000000&email=new.teacher%40demo.sabaq.kz');
    await wrong.getByTestId('auth-modal').getByRole('heading', { name: 'Вход' }).waitFor();
    await wrong.locator('.mantine-Notification-root').first().waitFor();

    const right = await demo.open(`/email/confirm?email=new.teacher%40demo.sabaq.kz&code=${code}`);
    await right.getByTestId('auth-success-message').filter({ hasText: 'E-mail подтвержден' }).waitFor();
  });

  it("registers only with what the form requires, and shows the server's verdict on the invite code", async () => {
    const page = await demo.open('/register/NO-SUCH-CODE');
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('heading', { name: 'Регистрация' }).waitFor();
    expect(await modal.getByLabel('Код приглашения').inputValue()).toBe('NO-SUCH-CODE');
    const send = modal.getByRole('button', { name: 'Зарегистрироваться' });
    await modal.getByLabel('Фамилия').fill('Сейткали');
    await modal.getByRole('textbox', { name: /^Имя/ }).fill('Асель');
    await modal.getByLabel('Пароль').fill('Регистрация1');
    expect(await send.isDisabled()).toBe(true);
    await modal.getByLabel('Я согласен на обработку персональных данных').check();
    expect(await send.isDisabled()).toBe(false);
    await page.screenshot({ path: screenshotPath('register') });

    const answer = page.waitForResponse((r) => r.url().includes('/api/register/'));
    await send.click();
    const response = await answer;
    expect(response.ok()).toBe(false);
    const body = (await response.json()) as { message: string; errors?: Record<string, string[]> };
    // Whatever the platform said is what the visitor reads: under the invite code, or as a toast.
    const said = body.errors?.invite_code?.[0] ?? body.message;
    await page.getByText(said).first().waitFor();
  });

  it('renews an expired access token with the refresh token, without asking to sign in again', async () => {
    const tokens = await demo.tokensOf('manager');
    const page = await demo.newPage();
    // An access token the server no longer accepts, beside a valid refresh token.
    await page.addInitScript(seedTokensScript({ ...tokens, access_token: 'expired.token.value' }));
    const refreshed = page.waitForResponse(
      (r) =>
        r.url().endsWith('/oauth/token') &&
        r.request().postData()?.includes('grant_type=refresh_token') === true,
    );
    await page.goto(`${demo.url}/m/teachers`);
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Учителя' }).waitFor();
    const stored = await storedItem(page, 'auth._token.password');
    expect(stored).toMatch(/^Bearer /);
    expect(stored).not.toContain('expired.token.value');
  });

  it('signs in with a token carried by the link (?access_token=&token_type=)', async () => {
    const { access_token } = await demo.tokensOf('teacher');
    const page = await demo.open(`/?token_type=Bearer&access_token=${encodeURIComponent(access_token!)}`);
    await page.waitForURL(`${demo.url}/t`);
    await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Алексей!' }).waitFor();
  });

  it('fits the sign-in modal on a phone', async () => {
    const page = await demo.open('/', PHONE);
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('heading', { name: 'Вход' }).waitFor();
    const box = await modal.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('login-phone') });
  });

  it('raised no script errors', () => {
    expect(demo.errors).toEqual([]);
  });
});
