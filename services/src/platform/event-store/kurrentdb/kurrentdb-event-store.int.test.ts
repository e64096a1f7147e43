import { createRegistry } from '@sabaq/events';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll } from 'vitest';
import { describeEventStoreContract } from '../../../../../tests/contracts/event-store.contract';
import { describeWithDocker } from '../../../../../tests/support/docker';
import { KurrentDbEventStore } from './kurrentdb-event-store';

/** Pinned so a new server release cannot change the suite's outcome unnoticed; override to try another. */
const IMAGE = process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1.4';
const HTTP_PORT = 2113;

/**
 * A real single-node KurrentDB, started once for the file: insecure (no TLS, no users), no projections.
 * testcontainers is imported only here, where a Docker engine answers: its HTTP client (undici 8) does
 * not even load on Node before 22.19.
 */
async function startKurrentDb(): Promise<StartedTestContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  return new GenericContainer(IMAGE)
    .withEnvironment({
      KURRENTDB_INSECURE: 'true',
      KURRENTDB_RUN_PROJECTIONS: 'None',
      KURRENTDB_CLUSTER_SIZE: '1',
      KURRENTDB_MEM_DB: 'true',
    })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCodeMatching((status) => status < 300))
    .withStartupTimeout(120_000)
    .start();
}

describeWithDocker('KurrentDB contract', () => {
  let container: StartedTestContainer | undefined;
  // Its own hook, with room for a first image pull, before the contract's hooks run.
  beforeAll(async () => {
    container = await startKurrentDb();
  }, 600_000);
  afterAll(async () => {
    await container?.stop();
  });

  describeEventStoreContract('KurrentDB', async () => {
    if (!container) throw new Error('KurrentDB did not start');
    return new KurrentDbEventStore({
      connectionString: `kurrentdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
      registry: createRegistry(),
    });
  });
});
