#!/usr/bin/env node
// Browser tests drive Debian's Chromium through playwright-core, which never downloads a browser of its
// own. This makes sure Chromium and a font with Cyrillic and Kazakh letters are on the machine:
// installed with apt-get when we are root, or a clear message saying what to install when we are not.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without it a minimal image renders Russian and Kazakh text as empty boxes in screenshots.
const FONT_PATH = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Debian packages still missing for the browser tests. */
export function missingPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!existsSync(FONT_PATH)) missing.push('fonts-dejavu-core');
  return missing;
}

function run(command, args) {
  execFileSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function ensureChromium() {
  const missing = missingPackages();
  if (missing.length === 0) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!isRoot) {
    throw new Error(`The browser tests need Debian's ${missing.join(' and ')}. As root, run: ${command}`);
  }
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests`);
  // The package lists may be stale or empty on a fresh machine, so refresh them first.
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing]);
  const still = missingPackages();
  if (still.length > 0) throw new Error(`apt-get finished but ${still.join(' and ')} is still missing`);
  return CHROMIUM_PATH;
}

// Run directly (`node scripts/browser/ensure-chromium.mjs`): exit non-zero with the message on failure.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(`Chromium ready at ${ensureChromium()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
