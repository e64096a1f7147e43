import { createRegistry, type StoredEvent } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../../../../../tests/contracts/event-store.contract';
import { actionEvent, actionEvents, attemptStream } from '../../../../../tests/support/events';
import { IdempotencyConflictError, WrongExpectedVersionError } from '../../errors';
import { ORIGINAL_ID_KEY } from './event-ids';
import { InMemoryKurrentClient, type InMemoryKurrentOptions } from './in-memory-kurrent-client';
import { KurrentDbEventStore, type KurrentDbEventStoreOptions } from './kurrentdb-event-store';

/**
 * The adapter's own logic (retry recognition, id mapping, paging past KurrentDB's events, waking) over
 * an in-memory double of the server. The same contract runs against a real KurrentDB in
 * kurrentdb-event-store.int.test.ts wherever Docker is available.
 */
function storeOver(client: InMemoryKurrentClient, options: Partial<KurrentDbEventStoreOptions> = {}) {
  return new KurrentDbEventStore({ client, registry: createRegistry(), ...options });
}

function freshStore(server: InMemoryKurrentOptions = {}, options: Partial<KurrentDbEventStoreOptions> = {}) {
  const client = new InMemoryKurrentClient({ systemEventEvery: 3, ...server });
  return { client, store: storeOver(client, options) };
}

describeEventStoreContract('KurrentDB adapter over an in-memory KurrentDB', async () => freshStore().store);

describe('KurrentDB adapter', () => {
  it('stores a non-UUID id as its UUID v5 and gives the original back', async () => {
    const { client, store } = freshStore();
    const stream = attemptStream();
    const event = { ...actionEvent(stream), id: 'browser:42:7' };
    await store.append(stream, [event]);
    const [stored] = client.stored(stream);
    expect(stored?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stored?.metadata).toMatchObject({ [ORIGINAL_ID_KEY]: 'browser:42:7' });
    const [read] = await store.readStream(stream);
    expect(read?.id).toBe('browser:42:7');
    expect(read?.metadata).not.toHaveProperty(ORIGINAL_ID_KEY);
    expect((await store.append(stream, [event])).appended).toBe(false);
  });

  it("pages through long runs of KurrentDB's own events in readAll, headPosition and subscriptions", async () => {
    const { client, store } = freshStore({ systemEventEvery: 0 });
    const stream = attemptStream();
    const [first] = actionEvents(stream, 1);
    const written = await store.append(stream, [first!]);
    for (let i = 0; i < 2_500; i++) client.writeSystemEvent();
    expect(await store.headPosition()).toBe(written.lastGlobalPosition);
    expect(await store.readAll({ after: written.lastGlobalPosition })).toEqual([]);

    const second = await store.append(stream, actionEvents(stream, 1));
    const after = await store.readAll({ after: written.lastGlobalPosition, maxCount: 10 });
    expect(after.map((e) => e.globalPosition)).toEqual([second.lastGlobalPosition]);

    const seen: StoredEvent[] = [];
    const subscription = store.subscribe({ onBatch: async (batch) => void seen.push(...batch) });
    await subscription.caughtUp();
    await subscription.stop();
    expect(seen.map((e) => e.streamPosition)).toEqual([0, 1]);
    await store.close();
  });

  it("recognises a retry inside the window even when the server's id cache has forgotten it", async () => {
    const { store } = freshStore({ idCacheSize: 0 }, { retryWindow: 5 });
    const stream = attemptStream();
    const batch = actionEvents(stream, 2);
    const first = await store.append(stream, batch);
    await store.append(stream, actionEvents(stream, 3));
    const retry = await store.append(stream, batch);
    expect(retry).toEqual({
      nextExpectedVersion: 4,
      lastGlobalPosition: first.lastGlobalPosition,
      appended: false,
    });
    expect(await store.readStream(stream)).toHaveLength(5);
  });

  it('finds a retry anywhere in the stream when the expected version is stale', async () => {
    const { store } = freshStore({ idCacheSize: 0 }, { retryWindow: 0 });
    const stream = attemptStream();
    const batch = actionEvents(stream, 2);
    const first = await store.append(stream, batch, { expectedVersion: 'no_stream' });
    await store.append(stream, actionEvents(stream, 3));
    const retry = await store.append(stream, batch, { expectedVersion: 'no_stream' });
    expect(retry).toEqual({
      nextExpectedVersion: 4,
      lastGlobalPosition: first.lastGlobalPosition,
      appended: false,
    });
  });

  it('reports the actual version and forgets ids of a refused append', async () => {
    const { store } = freshStore();
    const stream = attemptStream();
    await store.append(stream, actionEvents(stream, 3));
    const batch = [actionEvent(stream)];
    const error = await store.append(stream, batch, { expectedVersion: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ actual: 2, expected: '0' });
    // Nothing was stored, so the ids are free for another stream.
    const other = attemptStream();
    await expect(store.append(other, batch)).resolves.toMatchObject({ appended: true });
  });

  it('wakes a subscription at once for an append made by another process', async () => {
    const client = new InMemoryKurrentClient();
    const reader = storeOver(client);
    const writer = storeOver(client);
    const from = await reader.headPosition();
    let delivered: (events: StoredEvent[]) => void = () => undefined;
    const arrived = new Promise<StoredEvent[]>((resolve) => (delivered = resolve));
    const subscription = reader.subscribe({ after: from, onBatch: async (batch) => delivered(batch) });
    await subscription.caughtUp();
    const stream = attemptStream();
    const started = Date.now();
    await writer.append(stream, actionEvents(stream, 1));
    expect((await arrived).map((e) => e.streamId)).toEqual([stream]);
    // Well under the one-second idle poll: the live $all feed woke it.
    expect(Date.now() - started).toBeLessThan(500);
    await subscription.stop();
    await Promise.all([reader.close(), writer.close()]);
  });
});

describe('KurrentDB adapter: documented limits', () => {
  it('catches an id reused in another stream only within one process', async () => {
    const client = new InMemoryKurrentClient();
    const [api, otherApi] = [storeOver(client), storeOver(client)];
    const stream = attemptStream();
    const batch = actionEvents(stream, 1);
    await api.append(stream, batch);
    await expect(api.append(attemptStream(), batch)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(otherApi.append(attemptStream(), batch)).resolves.toMatchObject({ appended: true });
  });

  it("stores twice a batch retried with 'any' beyond the window once the server's cache has forgotten it", async () => {
    const { store } = freshStore({ idCacheSize: 0 }, { retryWindow: 1 });
    const stream = attemptStream();
    const batch = actionEvents(stream, 1);
    await store.append(stream, batch);
    await store.append(stream, actionEvents(stream, 3));
    await expect(store.append(stream, batch)).resolves.toMatchObject({ appended: true });
    expect(await store.readStream(stream)).toHaveLength(5);
  });
});
