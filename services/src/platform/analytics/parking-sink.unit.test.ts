import { describe, expect, it } from 'vitest';
import type { Row } from './batching-writer';
import { ParkingSink } from './parking-sink';

/** A ClickHouse stand-in that refuses any insert holding a row with event_id 'bad'. */
function engine() {
  const written: Row[] = [];
  let up = true;
  return {
    written,
    setUp: (value: boolean) => (up = value),
    alive: async () => up,
    sink: {
      insert: async (_table: string, rows: readonly Row[]) => {
        if (!up) throw new Error('connection refused');
        if (rows.some((r) => r.event_id === 'bad')) throw new Error('CANNOT_PARSE_DATETIME');
        written.push(...rows);
      },
    },
  };
}
const rows = (ids: string[]): Row[] => ids.map((event_id) => ({ event_id }));

describe('ParkingSink', () => {
  it('retries a failing batch, then parks only the rows that fail alone and writes the others', async () => {
    const ch = engine();
    const parked: [unknown, string][] = [];
    const sink = new ParkingSink(ch.sink, {
      alive: ch.alive,
      park: async (row, e) => void parked.push([row.event_id, e]),
    });
    const batch = rows(['a', 'b', 'bad', 'c', 'd']);
    await expect(sink.insert('events', batch)).rejects.toThrow('CANNOT_PARSE_DATETIME');
    await expect(sink.insert('events', batch)).rejects.toThrow('CANNOT_PARSE_DATETIME');
    await sink.insert('events', batch);
    expect(parked).toEqual([['bad', 'CANNOT_PARSE_DATETIME']]);
    expect(ch.written.map((r) => r.event_id).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('parks nothing while the engine is down: the batch is kept for the writer to retry', async () => {
    const ch = engine();
    const parked: unknown[] = [];
    const sink = new ParkingSink(ch.sink, { alive: ch.alive, park: async (row) => void parked.push(row) });
    ch.setUp(false);
    for (let i = 0; i < 5; i++)
      await expect(sink.insert('events', rows(['a', 'b']))).rejects.toThrow('refused');
    expect(parked).toEqual([]);
    ch.setUp(true);
    await sink.insert('events', rows(['a', 'b']));
    expect(ch.written).toHaveLength(2);
  });

  it('counts attempts per batch: another batch failing starts again from one', async () => {
    const ch = engine();
    const parked: unknown[] = [];
    const sink = new ParkingSink(ch.sink, { alive: ch.alive, park: async (row) => void parked.push(row) });
    await expect(sink.insert('events', rows(['bad', 'x']))).rejects.toThrow();
    await expect(sink.insert('events', rows(['y', 'bad']))).rejects.toThrow();
    await expect(sink.insert('events', rows(['bad', 'x']))).rejects.toThrow();
    expect(parked).toEqual([]);
  });
});
