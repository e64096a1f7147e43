import type { EventRegistry, NewEvent } from '@sabaq/events';
import { checkBatch } from '../event-store/check-batch';
import { createKafka, ingestTopic, LazyProducer, type KafkaClientOptions } from '../log/kafka-client';
import type { TelemetryIngest } from '../ports/telemetry-ingest';

export interface KafkaTelemetryIngestOptions extends KafkaClientOptions {
  registry: EventRegistry;
}

/**
 * Distributed mode: telemetry is produced to its context's ingest topic (`ingest.<context>`), keyed by
 * stream so one attempt's events stay in order, and the telemetry persister appends it to the store.
 * submit resolves only once every in-sync replica has the events, so an acknowledged event is never lost.
 */
export class KafkaTelemetryIngest implements TelemetryIngest {
  readonly kind = 'kafka';
  private readonly producer: LazyProducer;

  constructor(private readonly options: KafkaTelemetryIngestOptions) {
    this.producer = new LazyProducer(createKafka(options));
  }

  async submit(streamId: string, events: NewEvent[]): Promise<void> {
    // The same checks and typed errors as an embedded append: what the persister will refuse is refused
    // here, while the client can still be told.
    const checked = checkBatch(this.options.registry, streamId, events);
    await this.producer.send([
      {
        topic: ingestTopic(this.options.registry.contextOf(streamId)),
        messages: checked.map((event) => ({
          key: streamId,
          value: JSON.stringify(event),
          headers: { 'event-id': event.id },
        })),
      },
    ]);
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }
}
