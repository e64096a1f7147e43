import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium in a container: no sandbox (we run as root), no GPU, and nothing that phones home
// during a test (QUIC, component updates, sync, background networking).
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Arguments a test file adds for its own Chromium (a fake camera); none unless a file asks. */
const extraArgs: string[] = [];

/** Adds launch arguments for the Chromium this test file starts next (call before the platform starts). */
export function addChromiumArgs(...args: string[]): void {
  extraArgs.push(...args);
}

/** Installs Debian's Chromium when missing (as root), then starts it through playwright-core. */
export async function launchChromium(): Promise<Browser> {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/browser/ensure-chromium.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH },
  });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...LAUNCH_ARGS, ...extraArgs],
  });
}
