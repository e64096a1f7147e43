import { describe, expect, it } from 'vitest';
import { ReadModelCache } from './read-model-cache';

/** A read of a mutable table that counts how often it runs, and can be held mid-way. */
function fakeDb(table: { value: number }) {
  const state = { queries: 0, release: undefined as (() => void) | undefined, hold: false };
  const db = async () => {
    state.queries += 1;
    const seen = table.value;
    if (state.hold) await new Promise<void>((resolve) => (state.release = resolve));
    return [{ value: seen }];
  };
  return { db, state };
}

describe('ReadModelCache', () => {
  it('serves a repeated query from memory until its projection changes', async () => {
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache();
    cache.setLive(true);
    expect(await cache.read('p', JSON.stringify(['select 1']), db)).toEqual([{ value: 1 }]);
    table.value = 2;
    expect(await cache.read('p', JSON.stringify(['select 1']), db)).toEqual([{ value: 1 }]);
    expect(state.queries).toBe(1);
    cache.changed('other');
    expect(await cache.read('p', JSON.stringify(['select 1']), db)).toEqual([{ value: 1 }]);
    cache.changed('p');
    expect(await cache.read('p', JSON.stringify(['select 1']), db)).toEqual([{ value: 2 }]);
    expect(state.queries).toBe(2);
  });

  it('keys by the parameters too', async () => {
    const { db, state } = fakeDb({ value: 1 });
    const cache = new ReadModelCache();
    cache.setLive(true);
    await cache.read('p', JSON.stringify(['select $1', ['a']]), db);
    await cache.read('p', JSON.stringify(['select $1', ['b']]), db);
    await cache.read('p', JSON.stringify(['select $1', ['a']]), db);
    expect(state.queries).toBe(2);
  });

  it('never serves a load that raced a change, and shares one load between concurrent misses', async () => {
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache();
    cache.setLive(true);
    state.hold = true;
    const first = cache.read('p', JSON.stringify(['select 1']), db);
    const second = cache.read('p', JSON.stringify(['select 1']), db);
    await Promise.resolve();
    expect(state.queries).toBe(1);
    // The projection commits a change while the load is in flight; the load read the old value.
    cache.changed('p');
    table.value = 2;
    state.release!();
    expect(await first).toEqual([{ value: 1 }]);
    expect(await second).toEqual([{ value: 1 }]);
    state.hold = false;
    // A read after the change must not get the raced load's rows.
    expect(await cache.read('p', JSON.stringify(['select 1']), db)).toEqual([{ value: 2 }]);
    expect(state.queries).toBe(2);
  });

  it('bypasses and forgets everything while its change feed is down', async () => {
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache();
    await cache.read('p', JSON.stringify(['select 1']), db);
    await cache.read('p', JSON.stringify(['select 1']), db);
    expect(state.queries).toBe(2);
    cache.setLive(true);
    await cache.read('p', JSON.stringify(['select 1']), db);
    cache.setLive(false);
    expect(cache.size()).toBe(0);
    table.value = 3;
    cache.setLive(true);
    expect(await cache.read('p', JSON.stringify(['select 1']), db)).toEqual([{ value: 3 }]);
  });

  it('bounds the number of entries and the age of each', async () => {
    let now = 0;
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.setLive(true);
    for (const sql of ['a', 'b', 'c']) await cache.read('p', JSON.stringify([sql]), db);
    expect(cache.size()).toBe(2);
    await cache.read('p', JSON.stringify(['a']), db);
    expect(state.queries).toBe(4);
    now = 1001;
    table.value = 2;
    expect(await cache.read('p', JSON.stringify(['a']), db)).toEqual([{ value: 2 }]);
  });
});
