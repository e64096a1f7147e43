import { errorText, MAX_BATCH_ATTEMPTS } from '../projections/parked-events';
import type { BatchSink, Row } from './batching-writer';

export interface ParkingSinkOptions {
  /** Whether the engine answers at all: when it does not, a failure is an outage and nothing is parked. */
  alive: () => Promise<boolean>;
  /** Records a row the engine keeps refusing; the batch goes on without it. */
  park: (row: Row, error: string) => Promise<void>;
}

/**
 * A sink in front of ClickHouse that keeps one bad row from stopping a whole table. The BatchingWriter
 * retries a failed batch; once the same batch has failed MAX_BATCH_ATTEMPTS times while the engine
 * answers, it is split in halves until the rows that fail alone are found, and those are parked.
 */
export class ParkingSink implements BatchSink {
  private failing: { key: unknown; attempts: number } | undefined;

  constructor(
    private readonly sink: BatchSink,
    private readonly options: ParkingSinkOptions,
  ) {}

  async insert(table: string, rows: readonly Row[]): Promise<void> {
    try {
      await this.sink.insert(table, rows);
      this.failing = undefined;
    } catch (error) {
      // The writer resends a failed batch from its head: the first row names the batch.
      const key = rows[0]?.event_id ?? rows[0];
      const attempts = this.failing && this.failing.key === key ? this.failing.attempts + 1 : 1;
      this.failing = { key, attempts };
      if (attempts < MAX_BATCH_ATTEMPTS || !(await this.options.alive().catch(() => false))) throw error;
      await this.insertOrPark(table, rows, error);
      this.failing = undefined;
    }
  }

  private async insertOrPark(table: string, rows: readonly Row[], known?: unknown): Promise<void> {
    if (rows.length === 0) return;
    if (known === undefined) {
      try {
        await this.sink.insert(table, rows);
        return;
      } catch (error) {
        known = error;
      }
    }
    if (rows.length === 1) {
      // The engine may have gone away while the batch was being split: then this row is not the fault.
      if (!(await this.options.alive().catch(() => false))) throw known;
      await this.options.park(rows[0]!, errorText(known));
      return;
    }
    const half = Math.ceil(rows.length / 2);
    await this.insertOrPark(table, rows.slice(0, half));
    await this.insertOrPark(table, rows.slice(half));
  }
}
