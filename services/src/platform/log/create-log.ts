import type { EventRegistry } from '@sabaq/events';
import type { PlatformConfig } from '../config/config';
import { EmbeddedTelemetryIngest } from '../ingest/embedded-telemetry-ingest';
import { KafkaTelemetryIngest } from '../ingest/kafka-telemetry-ingest';
import type { EventLog } from '../ports/event-log';
import type { EventStore } from '../ports/event-store';
import type { TelemetryIngest } from '../ports/telemetry-ingest';
import type { ReadModelDb } from '../read-models/database';
import { EmbeddedEventLog } from './embedded-event-log';
import { createKafka } from './kafka-client';
import { KafkaEventLog } from './kafka-event-log';

export interface LogParts {
  log: EventLog;
  ingest: TelemetryIngest;
  /** Health probe of the log itself. */
  probe(): Promise<string | null>;
  close(): Promise<void>;
}

/** The log and the telemetry ingest the configuration asks for: Kafka, or the store's own global log. */
export function createLog(
  config: PlatformConfig,
  store: EventStore,
  db: ReadModelDb,
  registry: EventRegistry,
): LogParts {
  if (config.log.kind === 'kafka') {
    const { brokers, consumer } = config.log;
    const log = new KafkaEventLog({
      brokers,
      registry,
      clientId: 'sabaq-log',
      consumer: definedOnly(consumer),
    });
    const ingest = new KafkaTelemetryIngest({ brokers, registry, clientId: 'sabaq-ingest' });
    const admin = createKafka({ brokers, clientId: 'sabaq-health' }).admin();
    let connected: Promise<void> | undefined;
    return {
      log,
      ingest,
      async probe() {
        connected ??= admin.connect();
        await connected;
        const cluster = await admin.describeCluster();
        return cluster.brokers.length > 0 ? null : 'no brokers';
      },
      async close() {
        await ingest.close();
        await log.close();
        if (connected) await admin.disconnect();
      },
    };
  }
  const log = new EmbeddedEventLog({ store, db, registry });
  const ingest = new EmbeddedTelemetryIngest(store);
  return {
    log,
    ingest,
    async probe() {
      await store.ping();
      return null;
    },
    async close() {
      await ingest.close();
      await log.close();
    },
  };
}

/** kafkajs treats an explicit undefined as a value: pass only the timings that were set. */
export function definedOnly<T extends object>(value: T | undefined): T | undefined {
  if (!value) return undefined;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}
