#!/usr/bin/env node
// `npm run replay-parked -- <projection|all>`: see services/src/roles/replay-parked.ts.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'services/src/roles/replay-parked.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
