import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import type { AnalyticsStore } from '../ports/analytics';
import { toClickHouseRecord, toClickHouseValue } from './values';

export interface EmbeddedAnalyticsOptions {
  /** The engine's data directory. chdb binds one directory per process: every store in it shares this one. */
  path: string;
}

export interface ServerAnalyticsOptions {
  url: string;
  username?: string;
  password?: string;
  database?: string;
  requestTimeoutMs?: number;
}

type ClientConnection = NonNullable<Parameters<typeof createClient>[0]>['connection'];

/**
 * Both engines must answer alike, so the same code above the port reads the same values from either.
 */
const SHARED_SETTINGS: ClickHouseSettings = {
  // chdb prints 64-bit integers as JSON numbers, a server as strings; strings keep every digit.
  output_format_json_quote_64bit_integers: 1,
  // Timestamps are read back in UTC whatever the zone of the host (chdb) or of the server.
  session_timezone: 'UTC',
};

// Table names are spliced into INSERT statements by the client, so only plain identifiers pass.
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * The analytics port over @clickhouse/client, whichever engine answers it: chdb in this process
 * (embedded) or a ClickHouse server (distributed). Errors are the client's ClickHouseError, carrying
 * ClickHouse's own message and code, as rejected promises.
 */
export class ClickHouseAnalytics implements AnalyticsStore {
  private constructor(
    readonly kind: 'chdb' | 'clickhouse-server',
    private readonly client: ClickHouseClient,
  ) {}

  static embedded(options: EmbeddedAnalyticsOptions): ClickHouseAnalytics {
    const dir = path.resolve(options.path);
    mkdirSync(dir, { recursive: true });
    // chdb types its connection against @clickhouse/client-common, of which @clickhouse/client bundles its
    // own copy: one shape declared twice, so the compiler needs telling.
    const connection = createChdbConnection({ path: dir }) as unknown as ClientConnection;
    return new ClickHouseAnalytics(
      'chdb',
      createClient({ connection, clickhouse_settings: SHARED_SETTINGS }),
    );
  }

  static server(options: ServerAnalyticsOptions): ClickHouseAnalytics {
    const client = createClient({
      url: options.url,
      username: options.username ?? 'default',
      password: options.password ?? '',
      database: options.database ?? 'default',
      request_timeout: options.requestTimeoutMs ?? 30_000,
      application: 'sabaq',
      clickhouse_settings: SHARED_SETTINGS,
    });
    return new ClickHouseAnalytics('clickhouse-server', client);
  }

  async command(sql: string, params?: Record<string, unknown>): Promise<void> {
    await this.client.command({ query: sql, query_params: toQueryParams(params) });
  }

  async query<Row = Record<string, unknown>>(sql: string, params?: Record<string, unknown>): Promise<Row[]> {
    const result = await this.client.query({
      query: sql,
      query_params: toQueryParams(params),
      format: 'JSONEachRow',
    });
    return result.json<Row>();
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
    if (!TABLE_NAME.test(table)) throw new Error(`Not a table name: ${JSON.stringify(table)}`);
    if (rows.length === 0) return;
    await this.client.insert({ table, values: rows.map(toClickHouseRecord), format: 'JSONEachRow' });
  }

  async ping(): Promise<void> {
    const result = await this.client.ping();
    if (!result.success) throw result.error;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

function toQueryParams(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) out[key] = toClickHouseValue(value);
  return out;
}
