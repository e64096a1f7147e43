import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../tests/support/platform-fixture';
import { BatchingWriter } from './batching-writer';
import { ClickHouseAnalytics } from './clickhouse-analytics';

describe('BatchingWriter into chdb', () => {
  let dataDir: string;
  let store: ClickHouseAnalytics;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-chdb-writer-'));
    store = ClickHouseAnalytics.embedded({ path: dataDir });
  });
  afterAll(async () => {
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function freshTable(): Promise<string> {
    const table = `samples_${randomBytes(4).toString('hex')}`;
    await store.command(
      `CREATE TABLE ${table} (n UInt32, at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY n`,
    );
    return table;
  }

  const count = async (table: string) =>
    Number((await store.query<{ n: string }>(`SELECT count() AS n FROM ${table}`))[0]?.n);
  const rows = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({ n: from + i, at: new Date() }));

  it('inserts full batches as they fill and the remainder on close', async () => {
    const table = await freshTable();
    const writer = new BatchingWriter(store, { maxBatchRows: 500, flushIntervalMs: 60_000 });
    await writer.add(table, rows(0, 1_200));
    await eventually(
      () => count(table),
      (n) => n === 1_000,
    );
    expect(writer.pendingRows).toBe(200);
    await writer.close();
    expect(await count(table)).toBe(1_200);
  });

  it('inserts a partial batch once the interval has passed', async () => {
    const table = await freshTable();
    const writer = new BatchingWriter(store, { maxBatchRows: 5_000, flushIntervalMs: 100 });
    await writer.add(table, rows(0, 10));
    await eventually(
      () => count(table),
      (n) => n === 10,
    );
    expect(writer.pendingRows).toBe(0);
    await writer.close();
  });

  it('keeps rows ClickHouse refuses and writes them, once each, when it accepts them again', async () => {
    const table = `late_${randomBytes(4).toString('hex')}`;
    const errors: string[] = [];
    const writer = new BatchingWriter(store, {
      flushIntervalMs: 20,
      maxRetryDelayMs: 50,
      onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    });
    await writer.add(table, rows(0, 30));
    await eventually(
      async () => errors.length,
      (n) => n >= 2,
    );
    expect(errors[0]).toContain(table);
    expect(writer.pendingRows).toBe(30);
    await writer.add(table, rows(30, 5));
    await store.command(
      `CREATE TABLE ${table} (n UInt32, at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY n`,
    );
    await eventually(
      () => count(table),
      (n) => n === 35,
    );
    const distinct = await store.query<{ n: string }>(`SELECT uniqExact(n) AS n FROM ${table}`);
    expect(distinct).toEqual([{ n: '35' }]);
    await writer.close();
  });
});
