#!/usr/bin/env node
// `npm run rebuild -- <projection|all>`: see services/src/roles/rebuild.ts.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'services/src/roles/rebuild.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
