import { Kafka, logLevel, Partitioners, type ConsumerConfig, type Message, type Producer } from 'kafkajs';
import type { LogLevelName, LogSink } from './log-sink';

export interface KafkaClientOptions {
  brokers: string[];
  clientId?: string;
  /** Receives the Kafka client's own warnings and errors; without it they are dropped (it logs every retry). */
  logger?: LogSink;
  /** Consumer timings; the defaults suit real brokers (tests against the mock cluster shorten them). */
  consumer?: ConsumerTuning;
}

export type ConsumerTuning = Pick<ConsumerConfig, 'sessionTimeout' | 'heartbeatInterval' | 'maxWaitTimeInMs'>;

/** Each bounded context has one topic for its persisted events and one for telemetry on its way in. */
export const eventTopic = (context: string): string => `events.${context}`;
export const ingestTopic = (context: string): string => `ingest.${context}`;

const levelNames: Partial<Record<logLevel, LogLevelName>> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export function createKafka(options: KafkaClientOptions): Kafka {
  const { logger } = options;
  return new Kafka({
    clientId: options.clientId ?? 'sabaq',
    brokers: options.brokers,
    logLevel: logger ? logLevel.WARN : logLevel.NOTHING,
    logCreator: () => (entry) => {
      const { message, ...details } = entry.log;
      logger?.(levelNames[entry.level] ?? 'info', `kafka ${entry.namespace}: ${message}`, details);
    },
  });
}

/**
 * A producer connected on first use. Topics are created by the deployment (compose init step, or the
 * mock cluster in tests), never on the fly: a typo must fail loudly instead of creating a topic nobody
 * reads. Not idempotent because the brokers we test against do not support it; one request in flight
 * per broker keeps a retried batch from overtaking the next one, so each stream's order holds.
 */
export class LazyProducer {
  private readonly producer: Producer;
  private connecting: Promise<void> | undefined;

  constructor(kafka: Kafka) {
    this.producer = kafka.producer({
      idempotent: false,
      allowAutoTopicCreation: false,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
  }

  /** Resolves once every in-sync replica has the messages (acks -1). */
  async send(topicMessages: { topic: string; messages: Message[] }[]): Promise<void> {
    if (topicMessages.length === 0) return;
    this.connecting ??= this.producer.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    await this.connecting;
    await this.producer.sendBatch({ acks: -1, topicMessages });
  }

  async disconnect(): Promise<void> {
    if (!this.connecting) return;
    this.connecting = undefined;
    await this.producer.disconnect();
  }
}
