#!/usr/bin/env node
/**
 * Installs the system tools a command needs when they are missing: Debian packages through apt-get
 * when running as root, otherwise a clear message naming what to install.
 *   node scripts/bootstrap.mjs test   → librdkafka (Kafka mock broker), gcc, chromium (browser tests), ffmpeg, Xvfb
 *   node scripts/bootstrap.mjs start  → ffmpeg (recording transcoding)
 * `--check` only names what is missing (exit 1) and installs nothing. Tools are looked for on PATH, as
 * the workers that run them will look.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

const needs = {
  test: [
    {
      what: 'librdkafka headers (Kafka mock broker)',
      present: () => existsSync('/usr/include/librdkafka/rdkafka_mock.h'),
      packages: ['librdkafka-dev'],
    },
    { what: 'C compiler', present: () => which('gcc'), packages: ['gcc', 'libc6-dev'] },
    {
      what: 'Chromium (browser tests)',
      present: () => existsSync('/usr/bin/chromium'),
      packages: ['chromium'],
    },
    {
      what: 'fonts with Cyrillic and Kazakh letters (browser screenshots)',
      present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'),
      packages: ['fonts-dejavu-core'],
    },
    {
      what: 'ffmpeg and ffprobe (recording transcoding)',
      present: () => which('ffmpeg') && which('ffprobe'),
      packages: ['ffmpeg'],
    },
    {
      what: "Xvfb and xrandr (the device agent's display test reads a virtual display)",
      present: () => which('Xvfb') && which('xrandr'),
      packages: ['xvfb', 'x11-xserver-utils'],
    },
  ],
  start: [
    {
      what: 'ffmpeg and ffprobe (recording transcoding)',
      present: () => which('ffmpeg') && which('ffprobe'),
      packages: ['ffmpeg'],
    },
  ],
};

function which(cmd) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(path.join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const purpose = process.argv[2] ?? 'test';
const checkOnly = process.argv.includes('--check');
const missing = (needs[purpose] ?? []).filter((n) => !n.present());
if (missing.length === 0) {
  console.log('system tools: all present');
  process.exit(0);
}
const packages = [...new Set(missing.flatMap((m) => m.packages))];
console.log(`system tools missing: ${missing.map((m) => m.what).join(', ')}`);
if (checkOnly || process.getuid?.() !== 0) {
  console.error(`Install them as root first: apt-get install -y ${packages.join(' ')}`);
  process.exit(1);
}
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () =>
  spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  }).status === 0;
if (!install()) {
  spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  if (!install()) {
    console.error(`apt-get could not install: ${packages.join(' ')}`);
    process.exit(1);
  }
}
const still = missing.filter((m) => !m.present());
if (still.length) {
  console.error(`still missing after install: ${still.map((m) => m.what).join(', ')}`);
  process.exit(1);
}
console.log(`installed: ${packages.join(' ')}`);
