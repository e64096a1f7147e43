import type { NewEvent } from '@sabaq/events';
import type { EventStore } from '../ports/event-store';
import type { TelemetryIngest } from '../ports/telemetry-ingest';
import { appendTelemetry } from './append-telemetry';

/**
 * Embedded mode: the store is the log, so telemetry goes straight to its stream. Once submit resolves the
 * events are committed; a client retry with the same ids changes nothing. Invalid events throw the
 * store's typed errors, for the HTTP layer to answer 4xx.
 */
export class EmbeddedTelemetryIngest implements TelemetryIngest {
  readonly kind = 'embedded';

  constructor(private readonly store: EventStore) {}

  async submit(streamId: string, events: NewEvent[]): Promise<void> {
    await appendTelemetry(this.store, streamId, events);
  }

  async close(): Promise<void> {}
}
