#!/usr/bin/env node
/**
 * Builds the agent as one executable with Node's own Single Executable Applications
 * (docs/device-agent.md, "Building the executables"): no Node needed on the student's computer, and
 * nothing downloaded at build time.
 *   node agent/scripts/build-sea.mjs [--node-binary PATH] [--name sabaq-agent-linux-x64]
 * 1. esbuild bundles agent/src/main.ts and its libraries into one CommonJS file (Node 20's SEA runs
 *    one CommonJS script);
 * 2. `node --experimental-sea-config` turns it into a blob;
 * 3. the blob is injected with postject into a copy of a Node binary: this machine's by default, or
 *    the target system's (`--node-binary`, e.g. node.exe of the same version for Windows).
 * The result is in agent/dist/.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({
  options: { 'node-binary': { type: 'string' }, name: { type: 'string' } },
});
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
mkdirSync(dist, { recursive: true });
const nodeBinary = values['node-binary'] ?? process.execPath;
const windows = nodeBinary.toLowerCase().endsWith('.exe');
const name = values.name ?? `sabaq-agent-${process.platform}-${process.arch}${windows ? '.exe' : ''}`;

const bundle = path.join(dist, 'sabaq-agent.cjs');
await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outfile: bundle,
  // ESM libraries (ps-list) read import.meta.url, which a CommonJS bundle lacks: the file's own URL.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});

const blob = path.join(dist, 'sea-prep.blob');
const config = path.join(dist, 'sea-config.json');
writeFileSync(config, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true }));
execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'inherit' });

const executable = path.join(dist, name);
copyFileSync(nodeBinary, executable);
chmodSync(executable, 0o755);
const macos = process.platform === 'darwin' && !values['node-binary'];
if (macos) execFileSync('codesign', ['--remove-signature', executable], { stdio: 'inherit' });
const postject = path.resolve(root, '../node_modules/postject/dist/cli.js');
execFileSync(
  process.execPath,
  [
    postject,
    executable,
    'NODE_SEA_BLOB',
    blob,
    '--sentinel-fuse',
    'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
    ...(macos ? ['--macho-segment-name', 'NODE_SEA'] : []),
  ],
  { stdio: 'inherit' },
);
if (macos) execFileSync('codesign', ['--sign', '-', executable], { stdio: 'inherit' });
// On Windows ps-list runs its fastlist helper from `vendor/` beside the program (it finds it through
// the bundle's import.meta.url, which is the executable): shipped beside the .exe.
if (windows)
  cpSync(path.resolve(root, '../node_modules/ps-list/vendor'), path.join(dist, 'vendor'), {
    recursive: true,
  });
console.log(`built ${executable}`);
