import type { NewEvent } from '@sabaq/events';
import type { EventStore } from '../ports/event-store';
import type { TelemetryIngest } from '../ports/telemetry-ingest';
import { appendTelemetryMany } from './append-telemetry';

export interface EmbeddedTelemetryIngestOptions {
  /** Events gathered into one many-stream append at most (default 500); a larger submit goes alone. */
  maxGroupEvents?: number;
  /** Group appends in flight at once (default 2). */
  maxInFlight?: number;
}

interface Waiting {
  streamId: string;
  events: NewEvent[];
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Embedded mode: the store is the log, so telemetry goes straight to its stream, with group commit.
 * A submit made while the store is idle is appended at once; submits made while appends are in flight
 * wait, and the next append takes all of them (up to `maxGroupEvents`) in one many-stream append: one
 * transaction and one flush to disk for many attempts, where a transaction per submit was the ceiling.
 *
 * Each submit resolves only once its own events are committed (a retry with the same ids changes
 * nothing), and rejects with the store's typed errors when its events are invalid, for the HTTP layer to
 * answer 4xx; one bad submit never fails the others of its group. When the group's transaction fails
 * every submit of it rejects, and clients retry by id.
 */
export class EmbeddedTelemetryIngest implements TelemetryIngest {
  readonly kind = 'embedded';
  private readonly maxGroupEvents: number;
  private readonly maxInFlight: number;
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private readonly drained = new Set<() => void>();

  constructor(
    private readonly store: EventStore,
    options: EmbeddedTelemetryIngestOptions = {},
  ) {
    this.maxGroupEvents = options.maxGroupEvents ?? 500;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  submit(streamId: string, events: NewEvent[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ streamId, events, resolve, reject });
      this.startAppends();
    });
  }

  /** Resolves once every submit made before it is settled. */
  async close(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0) return;
    await new Promise<void>((resolve) => this.drained.add(resolve));
  }

  private startAppends(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const group = this.nextGroup();
      this.inFlight += 1;
      void this.append(group).finally(() => {
        this.inFlight -= 1;
        this.startAppends();
        if (this.inFlight === 0 && this.waiting.length === 0) {
          for (const resolve of this.drained) resolve();
          this.drained.clear();
        }
      });
    }
  }

  /** The oldest waiting submits, in arrival order, up to the group's size (at least one). */
  private nextGroup(): Waiting[] {
    let count = 0;
    let size = 0;
    for (const waiting of this.waiting) {
      if (count > 0 && size + waiting.events.length > this.maxGroupEvents) break;
      count += 1;
      size += waiting.events.length;
    }
    return this.waiting.splice(0, count);
  }

  private async append(group: Waiting[]): Promise<void> {
    try {
      const settled = await appendTelemetryMany(
        this.store,
        group.map(({ streamId, events }) => ({ streamId, events })),
      );
      settled.forEach((outcome, i) => {
        if (outcome.ok) group[i]!.resolve();
        else group[i]!.reject(outcome.error);
      });
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
    }
  }
}
