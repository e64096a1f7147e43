import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPlatform, screenshotPath, signInThroughModal } from './support/demo-platform';

const NAME = 'Эссе на сайте школы';
/** A loaded machine may take seconds to load a screen: polls wait longer than vitest's 1 s default. */
const POLL = { timeout: 20_000 };

/**
 * The external work: a tiny site of its own on 127.0.0.1 answering a form, and recording what the
 * framed form sent (so the test sees the frame's form really work inside the sandbox).
 */
function startWorkSite(): Promise<{ server: Server; url: string; posted: string[] }> {
  const posted: string[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        posted.push(decodeURIComponent(body.replace(/\+/g, ' ')));
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><meta charset="utf-8"><h1>Работа принята</h1>');
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><meta charset="utf-8"><title>Эссе</title>
<body style="font-family:sans-serif;padding:24px">
<h1>Эссе: «Моя любимая книга»</h1>
<form method="post" action="/submit">
  <p><label>Фамилия и имя<br><input name="author" size="40"></label></p>
  <p><label>Текст эссе<br><textarea name="essay" rows="6" cols="60"></textarea></label></p>
  <button type="submit">Отправить работу</button>
</form></body>`);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/essay`, posted });
    });
  });
}

/**
 * An external assignment from the teacher's form to the student's finish, through the launch link the
 * school posts on its own site: the student opens it signed out, signs in, lands on the assignment,
 * starts, does the framed work and finishes. Proctoring off (the exam tests cover it).
 */
describe('an external assignment through its launch link', () => {
  const demo = new DemoPlatform();
  let site: Awaited<ReturnType<typeof startWorkSite>>;
  let assignmentId = '';
  let launchUrl = '';

  beforeAll(async () => {
    [site] = await Promise.all([startWorkSite(), demo.start()]);
  });
  afterAll(async () => {
    await demo.stop();
    await new Promise((resolve) => site?.server.close(resolve));
  });

  it('the teacher creates it for 7 «А» and copies its launch link', async () => {
    const page = await demo.signedInPage('teacher', '/t/assignments/create');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.url });
    await page.getByRole('heading', { level: 1, name: 'Создать задание' }).waitFor();
    await page.locator('label', { hasText: /^Внешнее$/ }).click();
    await page.getByRole('textbox', { name: 'Название' }).fill(NAME);
    const address = page.getByRole('textbox', { name: 'Ссылка на внешнее задание' });
    // Only http(s) pages are taken: the server refuses anything else under the field.
    await address.fill('ftp://127.0.0.1/essay');
    await page.getByRole('combobox', { name: 'Класс' }).click();
    await page.getByRole('option', { name: /^7 «А»/ }).click();
    await page.getByRole('switch', { name: /^Прокторинг/ }).uncheck();
    await page.getByTestId('assignment-save').click();
    await page.getByText('Укажите адрес страницы, начинающийся с http:// или https://').first().waitFor(POLL);

    await address.fill(site.url);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/assignments') && r.request().method() === 'POST' && r.status() === 201,
    );
    // The refusal's toast covers the save button: the form is sent from the field.
    await address.press('Enter');
    const entity = ((await (await created).json()) as { entity: Record<string, unknown> }).entity;
    expect(entity).toMatchObject({ type: 'external', external_url: site.url, is_proctoring: false });
    assignmentId = String(entity.id);
    await page.waitForURL(`${demo.url}/t/assignments/${assignmentId}`);

    const panel = page.getByTestId('launch-link');
    await panel.getByTestId('external-url').getByText(site.url).waitFor(POLL);
    await panel.getByTestId('launch-link-make').click();
    const field = panel.getByTestId('launch-link-url');
    await field.waitFor(POLL);
    launchUrl = await field.inputValue();
    expect(launchUrl).toMatch(new RegExp(`^${demo.url}/session/assignment/[A-Za-z0-9_-]{22}$`));
    await panel.getByTestId('launch-link-copy').click();
    await panel.getByRole('button', { name: 'Скопировано' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(launchUrl);
    // The refusal's and the creation's toasts are not what the picture is about.
    for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
    await page
      .locator('.mantine-Notification-root')
      .first()
      .waitFor({ state: 'detached', ...POLL });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('external-assignment-link') });
    // The link brings its own teacher to the teacher's view.
    await page.goto(launchUrl);
    await page.waitForURL(`${demo.url}/t/assignments/${assignmentId}`, POLL);
  });

  it('the student opens the link signed out, signs in, starts, does the framed work and finishes', async () => {
    expect(launchUrl).not.toBe('');
    const page = await demo.newPage();
    await page.goto(launchUrl);
    await page.getByTestId('launch-name').getByText(NAME).waitFor(POLL);
    await page.getByTestId('auth-modal').waitFor(POLL);
    await page.screenshot({ path: screenshotPath('external-assignment-launch'), animations: 'disabled' });
    await signInThroughModal(page, 'student');
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}`, POLL);
    await page.getByTestId('external-facts').waitFor(POLL);
    await page.getByTestId('go-register').click();
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}/register`);
    await page.getByTestId('start-attempt').click();
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}`);

    const frameElement = page.getByTestId('external-frame');
    await frameElement.waitFor(POLL);
    expect(await frameElement.getAttribute('src')).toBe(site.url);
    expect(await frameElement.getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms allow-same-origin allow-popups',
    );
    expect(await page.getByTestId('external-open-tab').getAttribute('href')).toBe(site.url);
    const frame = page.frameLocator('[data-testid="external-frame"]');
    await frame.getByRole('heading', { name: 'Эссе: «Моя любимая книга»' }).waitFor(POLL);
    await frame.getByLabel('Фамилия и имя').fill('Касымова Айгерим');
    await frame.getByLabel('Текст эссе').fill('Моя любимая книга — «Абай жолы».');
    await page.screenshot({ path: screenshotPath('external-assignment') });
    await frame.getByRole('button', { name: 'Отправить работу' }).click();
    await frame.getByRole('heading', { name: 'Работа принята' }).waitFor(POLL);
    expect(site.posted).toEqual(['author=Касымова Айгерим&essay=Моя любимая книга — «Абай жолы».']);

    await page.getByTestId('finish-attempt').click();
    const dialog = page.getByRole('dialog', { name: 'Завершить попытку?' });
    await dialog.getByText('Убедитесь, что вы отправили работу', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Завершить' }).click();
    await page.getByTestId('external-work').waitFor({ state: 'detached', ...POLL });
    await page.getByTestId('go-register').waitFor(POLL);
    const tokens = await demo.tokensOf('student');
    const attempts = (await (
      await demo.getAs(tokens.access_token!, `/api/assignment-attempts?filter[assignment_id]=${assignmentId}`)
    ).json()) as { entities: { status: string; finish_reason: string }[] };
    expect(attempts.entities).toMatchObject([{ status: 'finished', finish_reason: 'student' }]);
    expect(demo.errors).toEqual([]);
  });
});
