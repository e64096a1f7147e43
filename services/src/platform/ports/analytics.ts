/**
 * The analytics port: ClickHouse SQL, either in-process through chdb (embedded) or a ClickHouse
 * server (distributed), both reached with @clickhouse/client. Queries are always parameterised.
 *
 * Every adapter answers alike: 64-bit integers come back as strings (no precision lost past 2^53),
 * timestamps as 'YYYY-MM-DD hh:mm:ss.fff' text in UTC; Date and bigint values are accepted in rows and
 * parameters. Errors are rejected promises carrying ClickHouse's message.
 */
export interface AnalyticsStore {
  readonly kind: string;
  /** Runs a statement that returns nothing (DDL, mutations). */
  command(sql: string, params?: Record<string, unknown>): Promise<void>;
  /** Runs a SELECT and returns its rows as objects. */
  query<Row = Record<string, unknown>>(sql: string, params?: Record<string, unknown>): Promise<Row[]>;
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
