import type { StoredEvent } from '@sabaq/events';
import type { EventStore, SubscribeOptions, Subscription } from '../ports/event-store';

export interface PollingSource {
  read(after: bigint | undefined, max: number): Promise<StoredEvent[]>;
  head(): Promise<bigint>;
  /** Registers a callback fired when new events may be there; returns its removal. */
  onWake(wake: () => void): () => void;
}

const IDLE_POLL_MS = 1000;
const RETRY_MS = 500;

/**
 * Reads the global log in order and hands batches to the consumer one at a time. Woken at once by the
 * store's notifications, and polling at an idle interval in case a notification was missed, so it can
 * neither stall nor skip. A failing batch is retried from the same position: nothing is lost.
 */
export class PollingSubscription implements Subscription {
  private current: bigint | undefined;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  /** Set by a wake that arrived while reading, so the loop reads again instead of idling past it. */
  private pending = false;
  private readonly waiters: { target: bigint; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private readonly loop: Promise<void>;
  private readonly removeWaker: () => void;

  constructor(private readonly options: SubscribeOptions & PollingSource) {
    this.current = options.after;
    this.removeWaker = options.onWake(() => this.wake());
    this.loop = this.run();
  }

  private wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  position(): bigint | undefined {
    return this.current;
  }

  async caughtUp(): Promise<void> {
    const target = await this.options.head();
    if ((this.current ?? 0n) >= target) return;
    if (this.stopped) throw new Error('subscription stopped before catching up');
    await new Promise<void>((resolve, reject) => {
      this.waiters.push({ target, resolve, reject });
      this.wake();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.removeWaker();
    this.wake();
    await this.loop;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('subscription stopped'));
  }

  private settleWaiters(): void {
    const at = this.current ?? 0n;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i];
      if (waiter && waiter.target <= at) {
        this.waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    while (!this.stopped) {
      this.pending = false;
      try {
        const batch = await this.options.read(this.current, batchSize);
        if (this.stopped) break;
        if (batch.length > 0) {
          await this.options.onBatch(batch);
          this.current = batch[batch.length - 1]?.globalPosition;
          this.settleWaiters();
          // A full batch may have more behind it. A short one was all there was to read: what commits
          // later wakes us (or the idle poll finds it), exactly as after an empty read, which saves
          // every subscriber a read per append under load.
          if (batch.length >= batchSize) continue;
        } else {
          this.settleWaiters();
        }
        await this.idle(IDLE_POLL_MS);
      } catch (error) {
        if (this.stopped) break;
        this.options.onError?.(error);
        await this.idle(RETRY_MS);
      }
    }
  }

  private idle(ms: number): Promise<void> {
    if (this.pending || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}

/**
 * A subscription over a store's own readAll and headPosition, woken through a set of wake callbacks the
 * store fires when it learns of new events (a notification, a live feed, its own appends).
 */
export function subscribeByPolling(
  store: Pick<EventStore, 'readAll' | 'headPosition'>,
  wakers: Set<() => void>,
  options: SubscribeOptions,
): Subscription {
  return new PollingSubscription({
    ...options,
    read: (after, max) => store.readAll({ after, maxCount: max }),
    head: () => store.headPosition(),
    onWake: (wake) => {
      wakers.add(wake);
      return () => wakers.delete(wake);
    },
  });
}
