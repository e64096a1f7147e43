import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const webRoot = path.resolve(import.meta.dirname, '../../../web');
const builtIndex = path.join(webRoot, 'dist/index.html');

/**
 * Builds the web app when web/dist is missing or older than its sources, so the platform serves the
 * code under test and not a leftover build.
 */
export function ensureWebBuild(): void {
  if (existsSync(builtIndex) && newestSourceChange() <= statSync(builtIndex).mtimeMs) return;
  // vite's exports map hides its bin file: locate it next to its package.json.
  const vitePackage = createRequire(path.join(webRoot, 'package.json')).resolve('vite/package.json');
  const vite = path.join(path.dirname(vitePackage), 'bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would bundle React's development build into the served app.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

function newestSourceChange(): number {
  const entries = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];
  return Math.max(...entries.map((entry) => newestIn(path.join(webRoot, entry))));
}

function newestIn(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestIn(path.join(target, name))));
}
