import { afterAll } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { describeAnalyticsContract } from '../../../../tests/contracts/analytics.contract';
import { describeWithDocker } from '../../../../tests/support/docker';
import { ClickHouseAnalytics } from './clickhouse-analytics';

// Pinned to an LTS release; override to try another.
const IMAGE = process.env.CLICKHOUSE_IMAGE ?? 'clickhouse/clickhouse-server:25.8';

describeWithDocker('ClickHouse server contract', () => {
  let container: StartedTestContainer | undefined;

  describeAnalyticsContract('ClickHouse server', async () => {
    // Loaded only where a Docker engine answers, so a machine without one never needs it to load.
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        CLICKHOUSE_USER: 'sabaq',
        CLICKHOUSE_PASSWORD: 'sabaq-test',
        CLICKHOUSE_DB: 'sabaq',
        CLICKHOUSE_DEFAULT_ACCESS_MANAGEMENT: '1',
      })
      .withUlimits({ nofile: { soft: 262_144, hard: 262_144 } })
      .withExposedPorts(8123)
      .withWaitStrategy(Wait.forHttp('/ping', 8123).forStatusCode(200))
      .withStartupTimeout(120_000)
      .start();
    const store = ClickHouseAnalytics.server({
      url: `http://${container.getHost()}:${container.getMappedPort(8123)}`,
      username: 'sabaq',
      password: 'sabaq-test',
      database: 'sabaq',
    });
    await store.ping();
    return store;
  });

  afterAll(async () => {
    await container?.stop();
  });
});
