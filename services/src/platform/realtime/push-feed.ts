import { serverEventSchemas, type Push, type StoredEvent } from '@sabaq/events';
import type { EventStore, Subscription } from '../ports/event-store';
import type { PushMapper } from './contribution';

export interface PushFeedOptions {
  store: EventStore;
  mappers: readonly PushMapper[];
  publish(push: Push): void;
  /**
   * Whether anyone on this instance would get the push: one nobody listens to here is neither checked
   * against its schema nor sent (with many api instances, most channels have no socket on most of them).
   */
  wanted?(push: Push): boolean;
  /** A mapper threw or built a push outside the contract: that push is lost, the feed goes on. */
  onError(error: unknown, event: StoredEvent): void;
}

/**
 * Reads the store's global log from its head at start and turns events into pushes. No checkpoint:
 * pushes are live notifications and the read models hold the truth, so a restart simply listens from
 * the new head. Every api instance runs its own feed, so embedded and distributed behave alike.
 */
export class PushFeed {
  private readonly byType = new Map<string, PushMapper[]>();
  private subscription: Subscription | undefined;

  constructor(private readonly options: PushFeedOptions) {
    for (const mapper of options.mappers) {
      for (const type of mapper.eventTypes) {
        const list = this.byType.get(type) ?? [];
        list.push(mapper);
        this.byType.set(type, list);
      }
    }
  }

  async start(): Promise<void> {
    const head = await this.options.store.headPosition();
    this.subscription = this.options.store.subscribe({
      after: head,
      onBatch: async (events) => {
        for (const event of events) await this.deliver(event);
      },
      onError: (error) => console.warn('realtime feed: reading the log failed; retrying', error),
    });
  }

  /** Resolves once every event stored before the call has been pushed. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private async deliver(event: StoredEvent): Promise<void> {
    for (const mapper of this.byType.get(event.type) ?? []) {
      try {
        for (const push of await mapper.map(event)) {
          if (this.options.wanted && !this.options.wanted(push)) continue;
          // The web app trusts the contract; a push that breaks it is a bug to log, not to send.
          serverEventSchemas[push.event].parse(push.data);
          this.options.publish(push);
        }
      } catch (error) {
        this.options.onError(error, event);
      }
    }
  }
}
