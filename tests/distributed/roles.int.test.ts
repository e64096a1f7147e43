import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { StoredEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockKafkaConsumerTuning, startMockKafka } from '../../scripts/kafka/mock-kafka';
import { loadConfig } from '../../services/src/platform/config/config';
import { startS3Server } from '../../services/src/platform/objects/s3-server';
import { startPlatform, type Role, type RunningPlatform } from '../../services/src/roles/platform';
import { contexts } from '../../services/src/contexts';
import { createTestDatabase } from '../support/databases';
import { actionEvents, attemptStream } from '../support/events';
import { eventually } from '../support/platform-fixture';

/**
 * The distributed topology's roles, each a separate platform instance as in its own container,
 * sharing PostgreSQL, a Kafka-protocol broker (librdkafka's mock cluster) and S3: telemetry goes
 * api → Kafka ingest topic → persister → store → relay → Kafka events topic, and the projector
 * fills the read model and ClickHouse.
 */
describe('distributed roles over Kafka', () => {
  const platforms: RunningPlatform[] = [];
  const stops: (() => Promise<void>)[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    const kafka = await startMockKafka({
      topics: [
        { name: 'ingest.proctoring', partitions: 3 },
        { name: 'events.proctoring', partitions: 3 },
      ],
    });
    stops.push(() => kafka.stop());
    const dataDir = await mkdtemp(path.resolve('.tmp/distributed-'));
    const s3 = await startS3Server({
      dataDir: path.join(dataDir, 's3'),
      accessKey: 'roles-test',
      secretKey: 'roles-test-secret',
    });
    stops.push(() => s3.stop());
    env = {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: await createTestDatabase('roles'),
      LOG: 'kafka',
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_SESSION_TIMEOUT_MS: String(mockKafkaConsumerTuning.sessionTimeout),
      KAFKA_HEARTBEAT_MS: String(mockKafkaConsumerTuning.heartbeatInterval),
      KAFKA_MAX_WAIT_MS: String(mockKafkaConsumerTuning.maxWaitTimeInMs),
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY: 'roles-test',
      S3_SECRET_KEY: 'roles-test-secret',
    };
  });

  afterAll(async () => {
    for (const platform of platforms.reverse()) await platform.stop();
    for (const stop of stops.reverse()) await stop();
  });

  async function role(...roles: Role[]): Promise<RunningPlatform> {
    const platform = await startPlatform({
      config: loadConfig(env),
      roles,
      contexts,
      announce: () => undefined,
    });
    platforms.push(platform);
    return platform;
  }

  it('carries telemetry from the api through Kafka into the store, the log and every read model', async () => {
    const api = await role('api');
    await role('persister');
    await role('relay');
    const projector = await role('projector');

    const received: StoredEvent[] = [];
    const consumer = await api.log.consume({
      groupId: 'roles-test-consumer',
      topics: ['proctoring'],
      handler: async (batch) => void received.push(...batch.map((d) => d.event)),
    });

    const stream = attemptStream();
    const events = actionEvents(stream, 6);
    await api.ingest.submit(stream, events.slice(0, 4));
    await api.ingest.submit(stream, events.slice(2)); // a retry that grew: 2 repeated ids, 2 new
    const ids = events.map((e) => e.id);

    const stored = await eventually(
      () => api.store.readStream(stream),
      (read) => read.length >= 6,
    );
    expect(stored.map((e) => e.id)).toEqual(ids);

    await eventually(
      async () => received.filter((e) => e.streamId === stream).length,
      (n) => n >= 6,
    );
    await consumer.stop();
    expect([...new Set(received.map((e) => e.id))]).toEqual(ids);

    await projector.runner!.caughtUp();
    await projector.analyticsProjector!.caughtUp();
    const rows = await projector.db
      .selectFrom('proctoring_actions')
      .select('id')
      .where('assignment_attempt_id', '=', stream.slice('proctoring-'.length))
      .execute();
    expect(rows).toHaveLength(6);
    const analytics = await projector.analytics.query<{ n: string }>(
      'SELECT count() AS n FROM events FINAL WHERE stream_id = {stream:String}',
      { stream },
    );
    expect(Number(analytics[0]?.n)).toBe(6);

    const health = (await (await fetch(`${api.url}/health`)).json()) as {
      status: string;
      mode: string;
      components: { name: string; kind: string; status: string }[];
    };
    expect(health).toMatchObject({ status: 'up', mode: 'distributed' });
    expect(health.components.find((c) => c.name === 'log')).toMatchObject({
      kind: 'kafka',
      status: 'up',
    });
  });
});
