import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchingWriter } from '../../services/src/platform/analytics/batching-writer';
import { migrateAnalytics } from '../../services/src/platform/analytics/migrations';
import type { AnalyticsStore } from '../../services/src/platform/ports/analytics';

/** A row of the events table as the analytics projection writes it. */
function eventRow(schoolId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    school_id: schoolId,
    context: 'proctoring',
    type: 'ViolationDetected',
    stream_id: `proctoring-${randomUUID()}`,
    event_id: randomUUID(),
    global_position: '1',
    recorded_at: new Date('2025-03-04T05:06:07.089Z'),
    occurred_at: null,
    data: JSON.stringify({ kind: 'face_missing' }),
    ...overrides,
  };
}

const freshSchool = () => `school-${randomBytes(6).toString('hex')}`;

/**
 * The one contract every analytics adapter passes. The factory gives a store over an empty database;
 * the suite runs the platform's migrations itself.
 */
export function describeAnalyticsContract(name: string, factory: () => Promise<AnalyticsStore>): void {
  describe(`analytics contract: ${name}`, () => {
    let store: AnalyticsStore;
    let firstRun: string[];
    beforeAll(async () => {
      store = await factory();
      firstRun = await migrateAnalytics(store);
    });
    afterAll(async () => {
      await store?.close();
    });

    it('applies the platform migrations once and records them', async () => {
      expect(firstRun).toContain('0001_events');
      expect(await migrateAnalytics(store)).toEqual([]);
      const recorded = await store.query<{ name: string; applied_at: string }>(
        'SELECT name, applied_at FROM schema_migrations FINAL WHERE name = {name:String}',
        { name: '0001_events' },
      );
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.applied_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    });

    it('applies a folder of multi-statement migrations in order, each once, and refuses an edited one', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'analytics-migrations-'));
      const table = `contract_${randomBytes(4).toString('hex')}`;
      try {
        await writeFile(
          path.join(dir, '0001_create.sql'),
          `-- a comment; with a semicolon\nCREATE TABLE IF NOT EXISTS ${table} (id UInt32, note String)\n` +
            `ENGINE = MergeTree ORDER BY id;\n` +
            `INSERT INTO ${table} VALUES (1, 'one; still one'), (2, 'it''s two');\n`,
        );
        await writeFile(path.join(dir, '0002_more.sql'), `INSERT INTO ${table} VALUES (3, 'three')`);
        expect(await migrateAnalytics(store, dir)).toEqual(['0001_create', '0002_more']);
        expect(await migrateAnalytics(store, dir)).toEqual([]);

        await writeFile(path.join(dir, '0003_later.sql'), `INSERT INTO ${table} VALUES (4, 'four');`);
        expect(await migrateAnalytics(store, dir)).toEqual(['0003_later']);
        const notes = await store.query<{ note: string }>(`SELECT note FROM ${table} ORDER BY id`);
        expect(notes.map((r) => r.note)).toEqual(['one; still one', "it's two", 'three', 'four']);

        await writeFile(path.join(dir, '0002_more.sql'), `INSERT INTO ${table} VALUES (5, 'changed')`);
        await expect(migrateAnalytics(store, dir)).rejects.toThrow('0002_more was edited');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('round-trips rows through insert and parameterised queries, treating hostile text as data', async () => {
      const school = freshSchool();
      const hostile = `x'); DROP TABLE events; -- "quoted" \\ back\nslash`;
      const recordedAt = new Date('2025-03-04T05:06:07.089Z');
      await store.insert('events', [
        eventRow(school, { type: hostile, global_position: 18446744073709551615n, recorded_at: recordedAt }),
        eventRow(school, { type: 'AnswerSubmitted', occurred_at: new Date('2025-03-04T05:06:00.001Z') }),
      ]);
      const rows = await store.query<Record<string, unknown>>(
        `SELECT type, global_position, recorded_at, occurred_at, JSONExtractString(data, 'kind') AS kind
         FROM events FINAL
         WHERE school_id = {school:String} AND type = {type:String} AND recorded_at = {at:DateTime64(3)}`,
        { school, type: hostile, at: recordedAt },
      );
      expect(rows).toEqual([
        {
          type: hostile,
          // 64-bit integers come back as strings, timestamps as UTC text, from every engine.
          global_position: '18446744073709551615',
          recorded_at: '2025-03-04 05:06:07.089',
          occurred_at: null,
          kind: 'face_missing',
        },
      ]);
      const types = await store.query<{ type: string; occurred_at: string | null }>(
        'SELECT type, occurred_at FROM events WHERE school_id = {school:String} AND type IN {types:Array(String)}',
        { school, types: ['AnswerSubmitted', "nothing' OR 1=1 --"] },
      );
      expect(types).toEqual([{ type: 'AnswerSubmitted', occurred_at: '2025-03-04 05:06:00.001' }]);
      const [count] = await store.query<{ n: string }>(
        'SELECT count() AS n FROM events WHERE school_id = {school:String}',
        { school },
      );
      expect(count).toEqual({ n: '2' });
    });

    it('keeps one row per event in the events table, the latest position winning, read with FINAL', async () => {
      const school = freshSchool();
      const event = eventRow(school, { global_position: '10', data: '{"kind":"first"}' });
      // Separate inserts make separate parts: the duplicates are only folded by FINAL or a merge.
      await store.insert('events', [event]);
      await store.insert('events', [event]);
      await store.insert('events', [{ ...event, global_position: '12', data: '{"kind":"replayed"}' }]);
      await store.insert('events', [eventRow(school, { event_id: randomUUID() })]);
      const rows = await store.query<{ event_id: string; global_position: string; data: string }>(
        'SELECT event_id, global_position, data FROM events FINAL WHERE school_id = {school:String} AND event_id = {id:String}',
        { school, id: event.event_id },
      );
      expect(rows).toEqual([
        { event_id: event.event_id, global_position: '12', data: '{"kind":"replayed"}' },
      ]);
      const [total] = await store.query<{ n: string }>(
        'SELECT count() AS n FROM events FINAL WHERE school_id = {school:String}',
        { school },
      );
      expect(total?.n).toBe('2');
    });

    it("surfaces ClickHouse's errors as rejected promises and keeps working afterwards", async () => {
      await expect(store.query('SELEC 1')).rejects.toThrow(/syntax error/i);
      await expect(store.command('ALTER TABLE no_such_table_here DELETE WHERE 1')).rejects.toThrow(
        /no_such_table_here/,
      );
      await expect(store.query('SELECT {missing:String} AS x')).rejects.toThrow(/missing/);
      await expect(store.insert('no_such_table_here', [{ a: 1 }])).rejects.toThrow(/no_such_table_here/);
      await expect(
        store.insert('events', [{ school_id: 's', global_position: 'not a number' }]),
      ).rejects.toThrow();
      await expect(store.insert('events; DROP TABLE events', [eventRow('s')])).rejects.toThrow(/table name/);
      await store.ping();
      expect(await store.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });

    it('writes every buffered row when a batching writer closes', async () => {
      const school = freshSchool();
      const writer = new BatchingWriter(store, { maxBatchRows: 1_000, flushIntervalMs: 60_000 });
      for (let i = 0; i < 25; i++) {
        await writer.add(
          'events',
          Array.from({ length: 100 }, (_, j) => eventRow(school, { global_position: String(i * 100 + j) })),
        );
      }
      await writer.close();
      expect(writer.pendingRows).toBe(0);
      const [count] = await store.query<{ n: string; positions: string }>(
        'SELECT count() AS n, uniqExact(global_position) AS positions FROM events FINAL WHERE school_id = {school:String}',
        { school },
      );
      expect(count).toEqual({ n: '2500', positions: '2500' });
    });
  });
}
