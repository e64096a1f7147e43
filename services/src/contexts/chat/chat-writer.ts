import { appendDecided } from '../../platform/commands/handle-command';
import type { ContextServices } from '../../platform/context';
import { WrongExpectedVersionError } from '../../platform/errors';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { chatDecider, type ChatCommand, type ChatEvent, type ChatState } from './decider';
import { chatEventId, chatStream } from './ids';
import { CHAT_PROJECTION } from './read-model/tables';

type Services = Pick<ContextServices, 'store' | 'db'>;
type Metadata = { userId: string; schoolId?: string };
type Post = Extract<ChatCommand, { type: 'Post' }>;

interface Pending {
  command: Post;
  key: string;
  metadata: Metadata;
  wait: boolean;
  resolve(state: ChatState): void;
  reject(error: unknown): void;
}
interface Kept {
  version: number;
  state: ChatState;
  /** The global position of the stream's last event known here, for waiting on the read model. */
  position: bigint | null;
}

/** Posts decided together in one append at most; the rest wait for the next round. */
const BATCH = 50;
/** Chats whose state is kept between posts; the least recently written is dropped first. */
const KEPT_CHATS = 2000;
const ATTEMPTS = 8;

/**
 * Posts to one chat, written one round at a time per chat in this process: every post waiting for a
 * chat is decided in order on the chat's state and appended in one append, and the read model waited
 * for once. So a busy chat's posts do not race each other for the stream's version (each race cost a
 * re-read, a pause and another append), and many posters wait on one read-model position instead of
 * each polling for their own. The chat's state is kept and only the events since are read. Another
 * writer (another api instance, a moderator's command) still moves the stream: the append then fails
 * on the version, and the round reads the new events and decides again, as the command handler does.
 */
export class ChatWriter {
  private readonly queues = new Map<string, Pending[]>();
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly services: Services) {}

  post(chatId: string, command: Post, key: string, metadata: Metadata, wait: boolean): Promise<ChatState> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(chatId);
      const pending = { command, key, metadata, wait, resolve, reject };
      if (queue) {
        queue.push(pending);
        return;
      }
      this.queues.set(chatId, [pending]);
      void this.drain(chatId);
    });
  }

  private async drain(chatId: string): Promise<void> {
    for (;;) {
      const queue = this.queues.get(chatId) ?? [];
      if (queue.length === 0) {
        this.queues.delete(chatId);
        return;
      }
      const batch = queue.splice(0, BATCH);
      try {
        await this.write(chatId, batch);
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
  }

  private async write(chatId: string, batch: Pending[]): Promise<void> {
    const stream = chatStream(chatId);
    for (let attempt = 1; ; attempt += 1) {
      const start = await this.load(chatId);
      let state = start.state;
      const outcomes: { pending: Pending; events: ChatEvent[]; error?: unknown; state?: ChatState }[] = [];
      for (const pending of batch) {
        try {
          const events = chatDecider.decide(pending.command, state);
          state = events.reduce(chatDecider.evolve, state);
          outcomes.push({ pending, events, state });
        } catch (error) {
          outcomes.push({ pending, events: [], error });
        }
      }
      const decided = outcomes.flatMap((o) =>
        o.events.map((event, index) => ({ event, index, key: o.pending.key, metadata: o.pending.metadata })),
      );
      let position = start.position;
      if (decided.length > 0) {
        try {
          const result = await appendDecided(
            this.services.store,
            stream,
            start.version,
            decided.map((d) => d.event),
            {
              eventId: (_event, i) => chatEventId(stream, start.version, decided[i]!.key, decided[i]!.index),
              metadata: (_event, i) => decided[i]!.metadata,
            },
          );
          position = result.lastGlobalPosition;
          this.keep(chatId, { version: result.nextExpectedVersion, state, position });
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
          // Another writer moved the stream: read what it wrote and decide the round again.
          await new Promise((resolve) => setTimeout(resolve, Math.min(5 * attempt, 50)));
          continue;
        }
      }
      // Read-your-writes, as the command handler gives (also for a post already stored: a retry).
      if (position !== null && outcomes.some((o) => o.pending.wait && o.error === undefined))
        await waitForProjections(this.services.db, [CHAT_PROJECTION], position);
      for (const o of outcomes) {
        if (o.error !== undefined) o.pending.reject(o.error);
        else o.pending.resolve(o.state!);
      }
      return;
    }
  }

  /** The chat's state now: the kept one and the events appended since, by anybody. */
  private async load(chatId: string): Promise<Kept> {
    const known = this.kept.get(chatId) ?? { version: -1, state: chatDecider.initialState, position: null };
    const events = await this.services.store.readStream(chatStream(chatId), {
      fromVersion: known.version + 1,
    });
    if (events.length === 0) return known;
    const state = events.reduce((s, e) => chatDecider.evolve(s, e as unknown as ChatEvent), known.state);
    const last = events.at(-1)!;
    return this.keep(chatId, { version: last.streamPosition, state, position: last.globalPosition });
  }

  private keep(chatId: string, kept: Kept): Kept {
    this.kept.delete(chatId);
    this.kept.set(chatId, kept);
    if (this.kept.size > KEPT_CHATS) this.kept.delete(this.kept.keys().next().value!);
    return kept;
  }
}

const writers = new WeakMap<object, ChatWriter>();

/** One writer per event store (one per server; tests start several servers in one process). */
export function chatWriterOf(services: Services): ChatWriter {
  let writer = writers.get(services.store);
  if (!writer) {
    writer = new ChatWriter(services);
    writers.set(services.store, writer);
  }
  return writer;
}
