import type { Admin, Kafka, KafkaMessage } from 'kafkajs';
import type { ConsumerTuning } from './kafka-client';
import type { LogConsumer } from '../ports/event-log';

export interface GroupConsumerOptions {
  kafka: Kafka;
  groupId: string;
  /** Kafka topic names; they must exist. */
  topics: string[];
  /** One partition's messages in offset order; the offsets are committed only after it resolves. */
  onBatch(messages: KafkaMessage[], topic: string, partition: number): Promise<void>;
  onError?(error: unknown): void;
  /** Partitions handled at the same time by this member (default 1). */
  concurrency?: number;
  tuning?: ConsumerTuning;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
/** How often caughtUp asks the group coordinator when no local commit woke it earlier. */
const CAUGHT_UP_POLL_MS = 200;

/**
 * A member of a Kafka consumer group that commits a partition's offset only after its batch was handled,
 * never before: a crash or a failed batch means redelivery, never loss (consumers are idempotent by
 * event id).
 */
export async function startGroupConsumer(options: GroupConsumerOptions): Promise<LogConsumer> {
  const { kafka, groupId, topics } = options;
  const consumer = kafka.consumer({ ...options.tuning, groupId, allowAutoTopicCreation: false });
  const admin = kafka.admin();
  const state = { stopped: false, failures: 0 };
  const commitWaiters = new Set<() => void>();
  const retryTimers = new Set<() => void>();

  consumer.on(consumer.events.CRASH, (event) => options.onError?.(event.payload.error));
  try {
    await Promise.all([consumer.connect(), admin.connect()]);
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: options.concurrency ?? 1,
      eachBatch: async ({
        batch,
        resolveOffset,
        commitOffsetsIfNecessary,
        heartbeat,
        isRunning,
        isStale,
      }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        try {
          await options.onBatch(batch.messages, batch.topic, batch.partition);
        } catch (error) {
          options.onError?.(error);
          // Unresolved offsets make the next fetch return the same messages: that is the redelivery.
          if (!state.stopped)
            await pause(
              Math.min(RETRY_FIRST_MS * 2 ** state.failures++, RETRY_MAX_MS),
              retryTimers,
              heartbeat,
            );
          return;
        }
        state.failures = 0;
        const next = (BigInt(batch.lastOffset()) + 1n).toString();
        await commitOffsetsIfNecessary({
          topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: next }] }],
        });
        resolveOffset(batch.lastOffset());
        for (const wake of commitWaiters) wake();
      },
    });
  } catch (error) {
    await Promise.allSettled([consumer.disconnect(), admin.disconnect()]);
    throw error;
  }

  return {
    async caughtUp() {
      const targets = await highWatermarks(admin, topics);
      while (!(await reached(admin, groupId, topics, targets))) {
        if (state.stopped) throw new Error(`consumer group ${groupId} stopped before catching up`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, CAUGHT_UP_POLL_MS);
          function done() {
            clearTimeout(timer);
            commitWaiters.delete(done);
            resolve();
          }
          commitWaiters.add(done);
        });
      }
    },
    async stop() {
      if (state.stopped) return;
      state.stopped = true;
      for (const cut of retryTimers) cut();
      await consumer.disconnect();
      await admin.disconnect();
      for (const wake of commitWaiters) wake();
    },
  };
}

type Offsets = Map<string, bigint>;

async function highWatermarks(admin: Admin, topics: string[]): Promise<Offsets> {
  const targets: Offsets = new Map();
  for (const topic of topics) {
    for (const { partition, high } of await admin.fetchTopicOffsets(topic)) {
      targets.set(`${topic}/${partition}`, BigInt(high));
    }
  }
  return targets;
}

/** Asks the coordinator, not this member, because other members of the group may own some partitions. */
async function reached(admin: Admin, groupId: string, topics: string[], targets: Offsets): Promise<boolean> {
  const committed: Offsets = new Map();
  for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
    for (const { partition, offset } of partitions) {
      // -1 means nothing committed yet: the group is at the start of the partition.
      committed.set(`${topic}/${partition}`, offset === '-1' ? 0n : BigInt(offset));
    }
  }
  return [...targets].every(([key, high]) => (committed.get(key) ?? 0n) >= high);
}

/** Waits before a failed batch is fetched again, heartbeating so the group does not evict the member. */
async function pause(ms: number, timers: Set<() => void>, heartbeat: () => Promise<void>): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      timers.delete(done);
      resolve();
    }
    timers.add(done);
  });
  await heartbeat().catch(() => undefined);
}
