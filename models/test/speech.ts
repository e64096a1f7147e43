import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Speech in several voices and languages from espeak-ng (GPL-3; the speech it makes is ours to use),
 * for the accuracy recordings. Like the pictures (media.ts), nothing is committed or installed: the
 * Debian packages are fetched with `apt-get download` into models/.cache/espeak-ng at first use and
 * run from there, and each phrase is kept as a WAV in models/.cache/speech.
 */
const PACKAGES = ['espeak-ng', 'libespeak-ng1', 'espeak-ng-data', 'libpcaudio0', 'libsonic0'];
const cache = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.cache');
const root = path.join(cache, 'espeak-ng');
const lib = path.join(root, 'usr', 'lib', 'x86_64-linux-gnu');

function espeak(): { bin: string; env: NodeJS.ProcessEnv } {
  const bin = path.join(root, 'usr', 'bin', 'espeak-ng');
  const env = { ...process.env, LD_LIBRARY_PATH: lib, ESPEAK_DATA_PATH: path.join(lib, 'espeak-ng-data') };
  if (existsSync(bin)) return { bin, env };
  const work = mkdtempSync(path.join(os.tmpdir(), 'sabaq-espeak-'));
  try {
    execFileSync('apt-get', ['download', '-q', ...PACKAGES], { cwd: work, stdio: 'ignore' });
    const debs = execFileSync('sh', ['-c', 'ls *.deb'], { cwd: work, encoding: 'utf8' }).trim().split('\n');
    for (const deb of debs) execFileSync('dpkg-deb', ['-x', deb, 'x'], { cwd: work });
    mkdirSync(cache, { recursive: true });
    rmSync(root, { recursive: true, force: true });
    renameSync(path.join(work, 'x'), root);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { bin, env };
}

/**
 * A WAV of `text` spoken by espeak-ng's `voice` (a language and an optional variant: "ru", "kk",
 * "en+f3" a woman's voice, "en+m3" a man's), made once and kept.
 */
export function spokenWav(voice: string, text: string, speed = 150): string {
  const dir = path.join(cache, 'speech');
  const name = createHash('sha256').update(`${voice}\n${speed}\n${text}`).digest('hex').slice(0, 16);
  const file = path.join(dir, `${voice.replace(/[^a-z0-9]/gi, '_')}-${name}.wav`);
  if (existsSync(file)) return file;
  const { bin, env } = espeak();
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  execFileSync(bin, ['-v', voice, '-s', String(speed), '-w', partial, text], { env, stdio: 'ignore' });
  renameSync(partial, file);
  return file;
}
