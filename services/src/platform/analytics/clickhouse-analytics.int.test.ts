import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { describeAnalyticsContract } from '../../../../tests/contracts/analytics.contract';
import { ClickHouseAnalytics } from './clickhouse-analytics';

// chdb binds one data directory per process; vitest runs each test file in its own process.
let dataDir: string | undefined;

describeAnalyticsContract('chdb (in-process ClickHouse)', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-chdb-'));
  return ClickHouseAnalytics.embedded({ path: dataDir });
});

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
