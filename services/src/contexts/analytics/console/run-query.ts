import type { AnalyticsStore } from '../../../platform/ports/analytics';
import { checkAst, parseAst } from './ast-check';
import { schoolViews, SCHOOL_PARAM } from './analyst-tables';
import { checkPlan } from './plan-check';
import { SqlRefused } from './refusal';
import { checkStatement } from './static-check';

/** Limits the server sets on every console query; the analyst cannot change them (no SETTINGS). */
export const CONSOLE_LIMITS = {
  maxRows: 10_000,
  maxExecutionSeconds: 10,
  maxMemoryBytes: 512 * 1024 * 1024,
  /** One analyst's query leaves the other cores to ingestion and the API (chdb runs in its process). */
  maxThreads: 2,
} as const;

export type QueryParams = Record<string, string | number>;

export interface ConsoleAnswer {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  elapsed_ms: number;
}

/**
 * Runs an analyst's query over their school's rows only:
 * 1. static-check.ts: one SELECT/WITH, no SETTINGS / FORMAT / INTO OUTFILE, no system databases;
 * 2. ClickHouse parses it (EXPLAIN AST) and ast-check.ts walks the tree: only analyst tables or the
 *    query's own CTEs, no table functions, no functions reading outside, no IN over a table name;
 * 3. the query runs inside `WITH <school views> SELECT * FROM (<query>) LIMIT n+1`, so every analyst
 *    table name resolves to a view filtered by the caller's school (analyst-tables.ts);
 * 4. plan-check.ts reads the plan of that final query: nothing but the analyst tables is read;
 * 5. it runs with readonly=1, a time, memory and row limit set by the server.
 * A ClickHouse error (syntax, unknown column, a limit) is the analyst's to fix: 422 with its message.
 */
export async function runConsoleQuery(
  analytics: AnalyticsStore,
  schoolId: string,
  input: { sql: string; params?: QueryParams },
  clock: () => number = () => performance.now(),
): Promise<ConsoleAnswer> {
  const checked = checkStatement(input.sql);
  const params = { ...(input.params ?? {}), [SCHOOL_PARAM]: schoolId };
  const database = await currentDatabase(analytics);
  const [astLines, existingTables] = await Promise.all([
    engine(() => explain(analytics, `EXPLAIN AST ${checked.sql}`, params)),
    tablesOf(analytics, database),
  ]);
  checkAst(parseAst(astLines), { cteNames: checked.cteNames, existingTables });
  const query = `WITH ${schoolViews(database)}\nSELECT * FROM (\n${checked.sql}\n) LIMIT ${CONSOLE_LIMITS.maxRows + 1}`;
  // Planning and describing evaluate scalar subqueries already: they run under the same limits.
  checkPlan(await engine(() => explain(analytics, `EXPLAIN PLAN ${query}\n${settings()}`, params)), database);
  const columns = (
    await engine(() =>
      analytics.query<{ name: string; type: string }>(`DESCRIBE TABLE (${query})\n${settings()}`, params),
    )
  ).map((c) => ({ name: c.name, type: c.type }));
  const started = clock();
  const rows = await engine(() =>
    analytics.query<Record<string, unknown>>(`${query}\n${settings()}`, params),
  );
  const elapsed = Math.round(clock() - started);
  const truncated = rows.length > CONSOLE_LIMITS.maxRows;
  const kept = truncated ? rows.slice(0, CONSOLE_LIMITS.maxRows) : rows;
  return {
    columns,
    rows: kept.map((row) => columns.map((c) => row[c.name] ?? null)),
    row_count: kept.length,
    truncated,
    elapsed_ms: elapsed,
  };
}

function settings(): string {
  // readonly = 1: nothing the query runs may write or change a setting (it has no SETTINGS clause to try
  // with anyway); the limits are the server's, read back by the black-box test with getSetting().
  return [
    `SETTINGS max_execution_time = ${CONSOLE_LIMITS.maxExecutionSeconds}`,
    `max_memory_usage = ${CONSOLE_LIMITS.maxMemoryBytes}`,
    `max_threads = ${CONSOLE_LIMITS.maxThreads}`,
    // The outer LIMIT n+1 stops reading; this is the engine's own guard behind it.
    `max_result_rows = ${CONSOLE_LIMITS.maxRows + 1}`,
    `result_overflow_mode = 'break'`,
    'readonly = 1',
  ].join(', ');
}

/**
 * EXPLAIN as a subquery: its lines then come back in the format the client asks for (JSONEachRow). Run
 * bare, chdb prints EXPLAIN in its own CSV-like text whatever the format, which broke on any quote.
 */
async function explain(analytics: AnalyticsStore, sql: string, params: QueryParams): Promise<string[]> {
  const rows = await analytics.query<unknown>(`SELECT explain FROM (\n${sql}\n)`, params);
  // One String column named explain; read by position, whatever the adapter calls it.
  return rows.map((row) =>
    typeof row === 'string' ? row : String(Object.values(row as Record<string, unknown>)[0] ?? ''),
  );
}

/** The database a store reads never changes while it is open: asked once per store. */
const databases = new WeakMap<AnalyticsStore, Promise<string>>();

function currentDatabase(analytics: AnalyticsStore): Promise<string> {
  let database = databases.get(analytics);
  if (!database) {
    database = analytics
      .query<{ db: string }>('SELECT currentDatabase() AS db')
      .then(([row]) => row?.db ?? 'default');
    database.catch(() => databases.delete(analytics));
    databases.set(analytics, database);
  }
  return database;
}

async function tablesOf(analytics: AnalyticsStore, database: string): Promise<Set<string>> {
  const rows = await analytics.query<{ name: string }>(
    'SELECT name FROM system.tables WHERE database = {db:String}',
    { db: database },
  );
  return new Set(rows.map((r) => r.name));
}

/** ClickHouse's own errors (they carry a numeric code) become the analyst's 422; anything else is ours. */
async function engine<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isClickHouseError(error)) throw new SqlRefused(cleanMessage(error.message), 'Ошибка в запросе');
    // An answer the client could not read (a value's text broke its JSON) is about this query too.
    if (error instanceof SyntaxError) throw new SqlRefused(cleanMessage(error.message), 'Ошибка в запросе');
    throw error;
  }
}

function isClickHouseError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { code, clickhouseCode } = error as { code?: unknown; clickhouseCode?: unknown };
  // A server's errors carry ClickHouse's code as text; chdb's sometimes as clickhouseCode beside its own.
  return (typeof code === 'string' && /^\d+$/.test(code)) || typeof clickhouseCode === 'number';
}

/** The client's appended FORMAT clause means nothing to the analyst. */
function cleanMessage(message: string): string {
  return message
    .replace(/\s*FORMAT JSONEachRow\.?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}
