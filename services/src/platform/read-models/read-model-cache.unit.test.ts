import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ReadModelDb } from './database';
import { ReadModelCache } from './read-model-cache';

/** A read-model database that answers from a mutable table and counts the queries it runs. */
function fakeDb(table: { value: number }) {
  const state = { queries: 0, release: undefined as (() => void) | undefined, hold: false };
  const db = {
    async executeQuery() {
      state.queries += 1;
      const seen = table.value;
      if (state.hold) await new Promise<void>((resolve) => (state.release = resolve));
      return { rows: [{ value: seen }] };
    },
  } as unknown as ReadModelDb;
  return { db, state };
}

const query = (sql: string, parameters: unknown[] = []) =>
  ({ sql, parameters, query: {} }) as unknown as CompiledQuery<{ value: number }>;

describe('ReadModelCache', () => {
  it('serves a repeated query from memory until its projection changes', async () => {
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache();
    cache.setLive(true);
    expect(await cache.rows(db, 'p', query('select 1'))).toEqual([{ value: 1 }]);
    table.value = 2;
    expect(await cache.rows(db, 'p', query('select 1'))).toEqual([{ value: 1 }]);
    expect(state.queries).toBe(1);
    cache.changed('other');
    expect(await cache.rows(db, 'p', query('select 1'))).toEqual([{ value: 1 }]);
    cache.changed('p');
    expect(await cache.rows(db, 'p', query('select 1'))).toEqual([{ value: 2 }]);
    expect(state.queries).toBe(2);
  });

  it('keys by the parameters too', async () => {
    const { db, state } = fakeDb({ value: 1 });
    const cache = new ReadModelCache();
    cache.setLive(true);
    await cache.rows(db, 'p', query('select $1', ['a']));
    await cache.rows(db, 'p', query('select $1', ['b']));
    await cache.rows(db, 'p', query('select $1', ['a']));
    expect(state.queries).toBe(2);
  });

  it('never serves a load that raced a change, and shares one load between concurrent misses', async () => {
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache();
    cache.setLive(true);
    state.hold = true;
    const first = cache.rows(db, 'p', query('select 1'));
    const second = cache.rows(db, 'p', query('select 1'));
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
    expect(await cache.rows(db, 'p', query('select 1'))).toEqual([{ value: 2 }]);
    expect(state.queries).toBe(2);
  });

  it('bypasses and forgets everything while its change feed is down', async () => {
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache();
    await cache.rows(db, 'p', query('select 1'));
    await cache.rows(db, 'p', query('select 1'));
    expect(state.queries).toBe(2);
    cache.setLive(true);
    await cache.rows(db, 'p', query('select 1'));
    cache.setLive(false);
    expect(cache.size()).toBe(0);
    table.value = 3;
    cache.setLive(true);
    expect(await cache.rows(db, 'p', query('select 1'))).toEqual([{ value: 3 }]);
  });

  it('bounds the number of entries and the age of each', async () => {
    let now = 0;
    const table = { value: 1 };
    const { db, state } = fakeDb(table);
    const cache = new ReadModelCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.setLive(true);
    for (const sql of ['a', 'b', 'c']) await cache.rows(db, 'p', query(sql));
    expect(cache.size()).toBe(2);
    await cache.rows(db, 'p', query('a'));
    expect(state.queries).toBe(4);
    now = 1001;
    table.value = 2;
    expect(await cache.rows(db, 'p', query('a'))).toEqual([{ value: 2 }]);
  });
});
