import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { startMockKafka } from './mock-kafka';

describe('mock Kafka cluster', () => {
  it('serves the topics it was started with, with their partitions, until stopped', async () => {
    const cluster = await startMockKafka({
      brokers: 2,
      topics: [
        { name: 'events.proctoring', partitions: 3 },
        { name: 'ingest.proctoring', partitions: 1 },
      ],
    });
    const admin = new Kafka({
      brokers: cluster.brokers,
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      const { topics } = await admin.fetchTopicMetadata({
        topics: ['events.proctoring', 'ingest.proctoring'],
      });
      expect(Object.fromEntries(topics.map((t) => [t.name, t.partitions.length]))).toEqual({
        'events.proctoring': 3,
        'ingest.proctoring': 1,
      });
      expect(cluster.brokers).toHaveLength(2);
    } finally {
      await admin.disconnect();
      await cluster.stop();
    }
    const after = new Kafka({
      brokers: cluster.brokers,
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    await expect(after.connect()).rejects.toThrow();
  });

  it('refuses a topic it could not create', async () => {
    await expect(startMockKafka({ topics: [{ name: 'bad name', partitions: 1 }] })).rejects.toThrow(
      /invalid/,
    );
    await expect(startMockKafka({ topics: [{ name: 'events.x', partitions: 0 }] })).rejects.toThrow(
      /invalid/,
    );
  });
});
