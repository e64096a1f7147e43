#!/usr/bin/env node
/**
 * `npm start`: the whole platform in one process with embedded back ends (PostgreSQL from npm, chdb,
 * an S3 server on loopback) on http://127.0.0.1:8080 (PORT, HOST and DATA_DIR honoured).
 * Builds the web app first when its bundle is missing or older than its sources, and installs or checks
 * its system tools (ffmpeg: scripts/bootstrap.mjs start) and the detector models.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Node.js 20 or newer is needed (this is ${process.version}).`);
  process.exit(1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const bundle = 'web/dist/index.html';
const sourcesChanged =
  existsSync('web/src') && (!existsSync(bundle) || newestMtime('web/src') > statSync(bundle).mtimeMs);
if (sourcesChanged) {
  console.log('building the web app…');
  const built = spawnSync(
    process.execPath,
    ['../node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      cwd: 'web',
      stdio: 'inherit',
      // Always React's production build: a NODE_ENV inherited from a test runner (test) or a shell
      // (development) would serve the development build, whose StrictMode mounts every effect twice.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (built.status !== 0) {
    console.error('the web app did not build; starting the API without it');
  }
}

// ffmpeg for the transcoder and the analyzer, installed as `npm test` does (as root) or named. Without it
// the rest still runs: recordings stay unconverted and /health (and /status) says why.
const tools = spawnSync(process.execPath, ['scripts/bootstrap.mjs', 'start'], { stdio: 'inherit' });
if (tools.status !== 0) {
  console.error('ffmpeg is missing: recordings will not be converted and AI re-analysis is off');
}

// The detector models of AI re-analysis (models/manifest.json); without them the rest still runs.
const models = spawnSync(process.execPath, ['models/scripts/fetch-models.mjs'], { stdio: 'inherit' });
if (models.status !== 0) console.error('models could not be fetched: AI re-analysis is unavailable');

const { register } = await import('tsx/esm/api');
register();
process.argv[2] ??= 'embedded';
// The demo school and its accounts come with `npm start` unless DEMO=0.
process.env.DEMO ??= '1';
await import('../services/src/roles/main.ts');
