import { TelemetryPersister } from '../platform/ingest/telemetry-persister';
import { definedOnly } from '../platform/log/create-log';
import type { Backends } from './backends';

/** Drains the Kafka ingest topics into the store; replicas share the partitions. */
export async function startPersisterRole(b: Backends): Promise<void> {
  if (b.config.log.kind !== 'kafka') throw new Error('the persister role needs LOG=kafka');
  const persister = new TelemetryPersister({
    brokers: b.config.log.brokers,
    consumer: definedOnly(b.config.log.consumer),
    store: b.store,
    contexts: b.registry.contexts(),
  });
  await persister.start();
  b.onStop(() => persister.stop());
  b.announce('persister: Kafka topics ingest.<context> → the store');
}
