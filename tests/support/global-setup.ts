import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  startEmbeddedPostgres,
  type RunningPostgres,
} from '../../services/src/platform/postgres/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection string of the run's PostgreSQL server; suites create their own databases. */
    pgAdminUrl: string;
  }
}

let postgres: RunningPostgres | undefined;
let dataDir: string | undefined;

/** One real PostgreSQL server for the whole run: a throw-away cluster, fast but not durable. */
export async function setup(project: TestProject): Promise<void> {
  // Each run gets its own cluster, so two runs on one machine never wipe each other's server.
  await mkdir(path.resolve('.tmp'), { recursive: true });
  dataDir = await mkdtemp(path.resolve('.tmp/test-postgres-'));
  postgres = await startEmbeddedPostgres({ dataDir, unsafeFast: true });
  project.provide('pgAdminUrl', postgres.adminUrl);
}

export async function teardown(): Promise<void> {
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
