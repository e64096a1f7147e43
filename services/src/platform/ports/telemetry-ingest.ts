import type { NewEvent } from '@sabaq/events';

/**
 * Where high-rate telemetry (proctoring actions, activities, detector samples) is handed over.
 * Once submit resolves the events are durable and will reach their stream exactly once (by event id):
 * - embedded: appended straight to the stream (the store is the log);
 * - distributed: produced to the context's ingest topic on Kafka keyed by stream, and appended by the
 *   telemetry persister, which retries until the store accepts them.
 */
export interface TelemetryIngest {
  readonly kind: string;
  submit(streamId: string, events: NewEvent[]): Promise<void>;
  close(): Promise<void>;
}
