#!/usr/bin/env node
// `npm run bench -- <name>`: runs scripts/bench/<name>.ts; without a name, lists the benchmarks.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const names = readdirSync('scripts/bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''));
const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`usage: npm run bench -- <${names.join('|')}>`);
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  // The server's young-generation size as `npm start` and the images run it (docs/capacity.md).
  ['--max-semi-space-size=64', '--import', 'tsx', `scripts/bench/${name}.bench.ts`, ...process.argv.slice(3)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
