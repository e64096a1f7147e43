import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamJSONRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type JSONEventData,
  type JSONType,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { KurrentClient, LiveFeed } from './kurrent-client';

export interface InMemoryKurrentOptions {
  /** Append one of KurrentDB's own events ($statsCollected) after every n appends; 0 never. */
  systemEventEvery?: number;
  /** How many recent event ids the server remembers for idempotent 'any' appends. */
  idCacheSize?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A stand-in for a KurrentDB server, for tests where no container can run. It keeps the behaviour the
 * adapter relies on, as the server's sources and the client's docs describe it: sparse, strictly
 * increasing commit positions; $all interleaved with the server's own '$' events; forward $all reads
 * inclusive of their position and backward ones exclusive; stream reads that fail with
 * StreamNotFoundError; expected revisions with the server's idempotency (same ids at the expected
 * position, or in its recent-id cache for 'any') and WrongExpectedVersionError otherwise. It is no proof
 * that a real server agrees: the container suite is.
 */
export class InMemoryKurrentClient implements KurrentClient {
  private readonly log: AllStreamJSONRecordedEvent[] = [];
  private readonly streams = new Map<string, AllStreamJSONRecordedEvent[]>();
  private readonly idCache = new Map<string, { streamId: string; revision: bigint }>();
  private readonly feeds = new EventEmitter();
  private nextPosition = 1_000n;
  private appends = 0;

  constructor(private readonly options: InMemoryKurrentOptions = {}) {
    this.record('$epochs', '$epoch-information', {});
    this.record('$settings', '$settings', {});
  }

  /** What the server holds for a stream, as stored (ids, metadata), for tests that look underneath. */
  stored(streamId: string): readonly AllStreamJSONRecordedEvent[] {
    return this.streams.get(streamId) ?? [];
  }

  /** One of the server's own events, as it writes them between ours. */
  writeSystemEvent(): void {
    this.record('$stats-127.0.0.1:2113', '$statsCollected', { 'proc-cpu': 1 });
  }

  async appendToStream(
    streamName: string,
    events: JSONEventData[],
    { expectedRevision }: { expectedRevision: AppendExpectedRevision },
  ): Promise<AppendResult> {
    for (const event of events) {
      if (!UUID.test(event.id) || /^0{8}-/.test(event.id))
        throw new Error(`not a usable event id: ${event.id}`);
    }
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length - 1;
    const ids = events.map((e) => e.id);
    const wrong = () =>
      new WrongExpectedVersionError(undefined, {
        streamName,
        expected: expectedRevision,
        current: current < 0 ? NO_STREAM : BigInt(current),
      });
    if (expectedRevision === ANY || expectedRevision === STREAM_EXISTS) {
      if (expectedRevision === STREAM_EXISTS && current < 0) throw wrong();
      const cached = this.idCache.get(ids[0]!);
      if (cached?.streamId === streamName) {
        const all = ids.every((id, i) => this.idCache.get(id)?.revision === cached.revision + BigInt(i));
        if (!all) throw wrong();
        return this.result(stream, Number(cached.revision) + ids.length - 1);
      }
    } else {
      const expected = expectedRevision === NO_STREAM ? -1 : Number(expectedRevision);
      if (current > expected) {
        const same = ids.every((id, i) => stream[expected + 1 + i]?.id === id);
        if (!same) throw wrong();
        return this.result(stream, expected + ids.length);
      }
      if (current < expected) throw wrong();
    }
    for (const event of events) {
      const recorded = this.record(streamName, event.type, event.data, event.metadata, event.id);
      this.idCache.set(event.id, { streamId: streamName, revision: recorded.revision });
    }
    this.trimCache();
    this.feeds.emit('data');
    if (this.options.systemEventEvery && ++this.appends % this.options.systemEventEvery === 0)
      this.writeSystemEvent();
    return this.result(this.streams.get(streamName)!, current + events.length);
  }

  async *readStream(streamName: string, options: ReadStreamOptions): AsyncIterable<ResolvedEvent> {
    const stream = this.streams.get(streamName);
    if (!stream) throw new StreamNotFoundError(undefined, streamName);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromRevision ?? START;
    const picked =
      options.direction === BACKWARDS
        ? stream.slice(0, from === END || from === START ? stream.length : Number(from) + 1).reverse()
        : stream.slice(from === START ? 0 : from === END ? stream.length : Number(from));
    for (const event of picked.slice(0, max)) yield { event, commitPosition: event.position.commit };
  }

  async *readAll(options: ReadAllOptions): AsyncIterable<AllStreamResolvedEvent> {
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromPosition ?? START;
    if (typeof from === 'object' && !this.log.some((e) => e.position.commit === from.commit)) {
      throw new Error(`invalid $all position ${from.commit}`);
    }
    const at = (limit: bigint) => this.log.findIndex((e) => e.position.commit >= limit);
    let picked: AllStreamJSONRecordedEvent[];
    if (options.direction === BACKWARDS) {
      const end = from === END || from === START ? this.log.length : at(from.commit);
      picked = this.log.slice(0, end).reverse();
    } else {
      picked = from === START ? this.log : from === END ? [] : this.log.slice(at(from.commit));
    }
    for (const event of picked.slice(0, max)) yield { event, commitPosition: event.position.commit };
  }

  subscribeToAll(): LiveFeed {
    const feed = new EventEmitter();
    const forward = () => feed.emit('data');
    this.feeds.on('data', forward);
    return Object.assign(feed, {
      unsubscribe: async () => {
        this.feeds.off('data', forward);
        feed.emit('close');
      },
    });
  }

  async dispose(): Promise<void> {
    this.feeds.removeAllListeners();
  }

  private record(
    streamId: string,
    type: string,
    data: JSONType,
    metadata?: unknown,
    id: string = randomUUID(),
  ): AllStreamJSONRecordedEvent {
    const stream = this.streams.get(streamId) ?? [];
    const body = JSON.stringify(data);
    const position = { commit: this.nextPosition, prepare: this.nextPosition };
    // Sparse like the log's byte offsets: a record's position is where the previous one ended.
    this.nextPosition += BigInt(120 + Buffer.byteLength(body));
    const recorded: AllStreamJSONRecordedEvent = {
      streamId,
      id,
      isJson: true,
      revision: BigInt(stream.length),
      type,
      created: new Date(),
      data: JSON.parse(body) as JSONType,
      metadata: metadata === undefined ? undefined : (JSON.parse(JSON.stringify(metadata)) as JSONType),
      position,
    };
    stream.push(recorded);
    this.streams.set(streamId, stream);
    this.log.push(recorded);
    return recorded;
  }

  private result(stream: AllStreamJSONRecordedEvent[], lastRevision: number): AppendResult {
    const last = stream[lastRevision]!;
    return { success: true, nextExpectedRevision: BigInt(lastRevision), position: last.position };
  }

  private trimCache(): void {
    const size = this.options.idCacheSize ?? 10_000;
    for (const id of this.idCache.keys()) {
      if (this.idCache.size <= size) return;
      this.idCache.delete(id);
    }
  }
}
