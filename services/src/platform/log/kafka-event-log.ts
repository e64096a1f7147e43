import { fromJson, toJson, type EventRegistry, type StoredEvent, type StoredEventJson } from '@sabaq/events';
import type { Kafka, KafkaMessage, Message } from 'kafkajs';
import type { ConsumeOptions, EventLog, LogConsumer, LogDelivery } from '../ports/event-log';
import { createKafka, eventTopic, LazyProducer, type KafkaClientOptions } from './kafka-client';
import { startGroupConsumer } from './kafka-group-consumer';

export interface KafkaEventLogOptions extends KafkaClientOptions {
  registry: EventRegistry;
}

/**
 * The log in distributed mode: one topic per context (`events.<context>`), keyed by stream id so each
 * stream's events stay in order on one partition. The relay publishes; projections and workers consume.
 */
export class KafkaEventLog implements EventLog {
  readonly kind = 'kafka';
  private readonly kafka: Kafka;
  private readonly producer: LazyProducer;
  private readonly consumers = new Set<LogConsumer>();

  constructor(private readonly options: KafkaEventLogOptions) {
    this.kafka = createKafka(options);
    this.producer = new LazyProducer(this.kafka);
  }

  async publish(events: StoredEvent[]): Promise<void> {
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      const topic = eventTopic(this.options.registry.contextOf(event.streamId));
      let messages = byTopic.get(topic);
      if (!messages) byTopic.set(topic, (messages = []));
      messages.push({
        key: event.streamId,
        // Secrets (e.g. password hashes) stay in the store; the topic carries the event without them.
        value: JSON.stringify(toJson(this.options.registry.redact(event))),
        headers: { 'event-id': event.id },
      });
    }
    await this.producer.send([...byTopic].map(([topic, messages]) => ({ topic, messages })));
  }

  async consume(options: ConsumeOptions): Promise<LogConsumer> {
    const group = await startGroupConsumer({
      kafka: this.kafka,
      groupId: options.groupId,
      topics: options.topics.map(eventTopic),
      tuning: this.options.consumer,
      onError: options.onError,
      onBatch: async (messages) => {
        const deliveries = messages.flatMap((message) => this.toDelivery(message, options.onError));
        if (deliveries.length > 0) await options.handler(deliveries);
      },
    });
    const consumer: LogConsumer = {
      caughtUp: () => group.caughtUp(),
      stop: async () => {
        this.consumers.delete(consumer);
        await group.stop();
      },
    };
    this.consumers.add(consumer);
    return consumer;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.stop()));
    await this.producer.disconnect();
  }

  /**
   * Only the relay writes these topics, so a message that does not parse was damaged or written by
   * something else: retrying cannot fix it, and holding the partition for it would stop every stream
   * behind it. It is reported and passed over.
   */
  private toDelivery(message: KafkaMessage, onError?: (error: unknown) => void): LogDelivery[] {
    try {
      const event = this.options.registry.upcast(
        fromJson(JSON.parse(message.value?.toString('utf8') ?? '') as StoredEventJson),
      );
      return [{ topic: this.options.registry.contextOf(event.streamId), key: event.streamId, event }];
    } catch (error) {
      onError?.(new Error(`skipped an unreadable message at offset ${message.offset}`, { cause: error }));
      return [];
    }
  }
}
