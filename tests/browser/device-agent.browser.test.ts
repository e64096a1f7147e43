import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChromiumArgs } from './support/chromium';
import { DemoExams } from './support/demo-exam';
import { DemoPlatform, screenshotPath } from './support/demo-platform';

const POLL = { timeout: 30_000, interval: 500 };
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Nothing but the agent: the web checks are off, so the page shows the agent's block alone. */
const AGENT_ONLY = {
  main_camera_record: false,
  screen_share_record: false,
  second_camera_record: false,
  microphone_record: false,
  check_env: false,
  displays_check: false,
  fullscreen_mode: false,
  focus_detector: false,
  extension_detector: false,
  noise_detector: false,
  speech_detector: false,
  head_identity: false,
  head_tracking: false,
  ai_analysis: false,
  device_agent: {
    required: true,
    prohibited_processes: ['anydesk'],
    prohibited_process_classes: ['remote_desktop'],
    forbidden_usb_classes: [],
    min_resolution: null,
    single_display: false,
    refuse_remote_session: true,
    refuse_virtual_machine: false,
    full_report: false,
  },
};

/** A loopback port nothing listens on now (the agent is started on it later). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real agent as a student runs it, on the given port; resolves once it listens. */
async function startAgent(platform: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'agent/src/main.ts',
      '--platform',
      platform,
      '--port',
      String(port),
      '--data-dir',
      dataDir,
    ],
    // Not a remote session whatever shell started the tests.
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SSH_CONNECTION: '' } },
  );
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join('').includes(`listening on https://127.0.0.1:${port}/`)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.once('exit', (code) => reject(new Error(`agent exited (${code}): ${output.join('')}`)));
  });
  return child;
}

const stopped = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * The exam client's equipment check of an agent-only assignment in Chromium against the real
 * platform and the real agent (its self-signed certificate accepted as a student does once): first
 * with no agent running (missing, guidance, start disabled), then the agent started on the port the
 * platform names (connected with its report, start enabled), the exam page's live findings when a
 * prohibited program runs, and the teacher's device report of the attempt.
 */
describe('the device agent in the exam client', () => {
  const demo = new DemoPlatform();
  const exams = new DemoExams(demo);
  let agentPort = 0;
  let agent: ChildProcess | undefined;
  let prohibited: ChildProcess | undefined;
  let tmp = '';
  let page: Page;
  let assignmentId = '';

  beforeAll(async () => {
    // The agent's certificate is self-signed: the student trusts it once by opening its page; the
    // test's Chromium accepts it outright.
    addChromiumArgs('--ignore-certificate-errors');
    agentPort = await freePort();
    process.env.DEVICE_AGENT_PORT = String(agentPort);
    tmp = await mkdtemp(path.join(os.tmpdir(), 'devcheck-'));
    await demo.start();
  });
  afterAll(async () => {
    prohibited?.kill('SIGKILL');
    await stopped(agent);
    await demo.stop();
    delete process.env.DEVICE_AGENT_PORT;
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("the teacher's assignment form has the agent block: not required by default, its rules once required", async () => {
    const form = await demo.signedInPage('teacher', '/t/assignments/create');
    const block = form.getByTestId('device-agent-fields');
    await block.waitFor(POLL);
    const required = form.getByTestId('device-agent-required');
    expect(await required.isChecked()).toBe(false);
    expect(await form.getByTestId('device-agent-processes').count()).toBe(0);
    await required.check();
    await form.getByTestId('device-agent-processes').waitFor();
    expect(await block.getByLabel('Удалённый доступ').isChecked()).toBe(true);
    expect(await block.getByLabel('Мессенджеры').isChecked()).toBe(false);
    expect(await form.getByTestId('device-agent-single_display').isChecked()).toBe(true);
    await block.scrollIntoViewIfNeeded();
    await block.screenshot({ path: screenshotPath('device-agent-settings') });
  });

  it('without the agent: the check says it is missing, shows how to connect it, and the start stays disabled', async () => {
    assignmentId = (await exams.create('Экзамен только с агентом', AGENT_ONLY)).id;
    page = await demo.signedInPage('student', `/s/assignments/${assignmentId}/register`);
    await page.getByTestId('proctoring-consent').check();
    await page.locator('[data-testid="agent-check"][data-state="missing"]').waitFor(POLL);
    await page.getByTestId('agent-missing-help').waitFor();
    expect(await page.getByTestId('agent-trust-link').getAttribute('href')).toBe(
      `https://127.0.0.1:${agentPort}`,
    );
    await page.getByTestId('agent-start-blocked').waitFor();
    expect(await page.getByTestId('start-attempt').isDisabled()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.screenshot({ path: screenshotPath('device-agent-missing') });
  });

  it('with the agent started: it connects by itself, shows the report it sends, and the attempt may start', async () => {
    agent = await startAgent(demo.url, agentPort, path.join(tmp, 'agent-data'));
    // The page looks again every few seconds: starting the agent is enough.
    await page.locator('[data-testid="agent-check"][data-state="connected"]').waitFor(POLL);
    await page.getByTestId('agent-report').waitFor(POLL);
    expect(await page.getByTestId('agent-report-os').innerText()).toContain(os.hostname());
    expect(await page.getByTestId('agent-findings').getAttribute('data-count')).toBe('0');
    await expect.poll(() => page.getByTestId('start-attempt').isDisabled(), POLL).toBe(false);
    expect(await page.getByTestId('agent-start-blocked').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('device-agent-connected') });

    await page.getByTestId('start-attempt').click();
    await page.waitForURL(`${demo.url}/s/assignments/${assignmentId}`);
    await page.locator('[data-testid="agent-exam-panel"][data-state="connected"]').waitFor(POLL);
  });

  it('during the exam a prohibited program shows in the live panel and leaves it when it stops', async () => {
    // A program named like AnyDesk: /bin/sleep under that name.
    const fake = path.join(tmp, 'anydesk');
    await copyFile('/bin/sleep', fake);
    prohibited = spawn(fake, ['600'], { stdio: 'ignore' });
    const live = page.getByTestId('agent-live-findings');
    await expect
      .poll(async () => (await live.getAttribute('data-count').catch(() => null)) ?? '', POLL)
      .toBe('1');
    expect(await live.innerText()).toContain('anydesk');
    await page
      .getByTestId('exam-warning')
      .and(page.locator('[data-action="prohibited_process"]'))
      .waitFor(POLL);
    await page.screenshot({ path: screenshotPath('device-agent-exam-panel') });
    prohibited.kill('SIGKILL');
    await expect
      .poll(async () => (await live.getAttribute('data-count').catch(() => null)) ?? '', POLL)
      .toBe('0');
  });

  it('the agent killed during the exam: the page warns and records its absence until it is back', async () => {
    const panel = (state: string) => page.locator(`[data-testid="agent-exam-panel"][data-state="${state}"]`);
    const killed = agent!;
    await new Promise<void>((resolve) => {
      killed.once('exit', () => resolve());
      killed.kill('SIGKILL');
    });
    await panel('missing').waitFor(POLL);
    await page
      .getByTestId('exam-warning')
      .and(page.locator('[data-action="device_agent_lost"]'))
      .waitFor(POLL);
    await page.screenshot({ path: screenshotPath('device-agent-lost') });
    // Started again on the same port with its kept certificate: the page finds it by itself.
    agent = await startAgent(demo.url, agentPort, path.join(tmp, 'agent-data'));
    await panel('connected').waitFor(POLL);
    const attempts = (await (
      await demo.getAs(exams.studentToken, `/api/assignment-attempts?filter[assignment_id]=${assignmentId}`)
    ).json()) as { entities: { id: string }[] };
    const lost = async () => {
      const answer = await demo.getAs(
        exams.teacher,
        `/api/assignment/actions?assignment_attempt_id=${attempts.entities[0]!.id}`,
      );
      const list = ((await answer.json()) as { entities: { action_type: string; ended_at: string | null }[] })
        .entities;
      return list.filter((a) => a.action_type === 'device_agent_lost');
    };
    // One absence, ended when the page found the agent again (posted through the action queue).
    await expect.poll(async () => (await lost()).map((a) => a.ended_at !== null), POLL).toEqual([true]);
  });

  it("the teacher reads the attempt's device report on its result page", async () => {
    const attempts = (await (
      await demo.getAs(exams.studentToken, `/api/assignment-attempts?filter[assignment_id]=${assignmentId}`)
    ).json()) as { entities: { id: string }[] };
    const attemptId = attempts.entities[0]!.id;
    const teacher = await demo.signedInPage(
      'teacher',
      `/t/assignments/result/${assignmentId}/${attemptId}?tab=device`,
    );
    const report = teacher.getByTestId('device-report');
    await report.waitFor(POLL);
    expect(await teacher.getByTestId('device-report-host').innerText()).toContain(os.hostname());
    expect(await teacher.getByTestId('device-report-os').innerText()).toContain(os.platform());
    await teacher.setViewportSize({ width: 1280, height: 1100 });
    await teacher.screenshot({ path: screenshotPath('device-agent-report') });
    // The failed looks for the missing agent are the browser's own console lines, not the app's errors.
    expect(demo.errors.filter((e) => !/WebSocket connection to 'wss:\/\/127\.0\.0\.1:/.test(e))).toEqual([]);
  });
});
