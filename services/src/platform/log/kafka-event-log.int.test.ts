import { createRegistry } from '@sabaq/events';
import { mockKafkaConsumerTuning, startMockKafka } from '../../../../scripts/kafka/mock-kafka';
import {
  appendAndRead,
  describeEventLogContract,
  noticesContract,
} from '../../../../tests/contracts/event-log.contract';
import { createTestDatabase } from '../../../../tests/support/databases';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { KafkaEventLog } from './kafka-event-log';

describeEventLogContract('Kafka (librdkafka mock cluster)', async () => {
  const kafka = await startMockKafka({
    topics: [
      { name: 'events.proctoring', partitions: 3 },
      { name: 'events.notices', partitions: 2 },
    ],
  });
  const registry = createRegistry([noticesContract]);
  const store = new PostgresEventStore({ connectionString: await createTestDatabase('log'), registry });
  await store.migrate();
  const log = new KafkaEventLog({ brokers: kafka.brokers, registry, consumer: mockKafkaConsumerTuning });
  return {
    log,
    store,
    publish: async (stream, events) => {
      const stored = await appendAndRead(store, stream, events);
      await log.publish(stored);
      return stored;
    },
    close: () => kafka.stop(),
  };
});
