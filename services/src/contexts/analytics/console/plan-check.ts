import { ANALYST_TABLES } from './analyst-tables';
import { SqlRefused } from './refusal';

/**
 * The second, independent check, on the plan ClickHouse made of the final query: every read step must
 * read one of the analyst tables' underlying tables, or nothing (an empty table is ReadNothing, a SELECT
 * without FROM is ReadFromSystemOne). The parse check (ast-check.ts) is the one that decides; this one
 * catches what it might have missed in FROM clauses (IN sets are built before the plan and not shown, so
 * the parse check alone covers those).
 */
export function checkPlan(lines: readonly string[], database: string): void {
  const allowed = new Set(Object.values(ANALYST_TABLES).map((t) => `${database}.${t.source}`));
  for (const line of lines) {
    const step = /^[\s│├└─]*(Read[A-Za-z]*)(?: \(([^)]*)\))?\s*$/.exec(line);
    if (!step) continue;
    const [, kind, detail] = step;
    if (kind === 'ReadNothing' || kind === 'ReadFromSystemOne') continue;
    if (kind === 'ReadFromMergeTree' && detail !== undefined && allowed.has(detail)) continue;
    throw new SqlRefused(`Запрос читает недоступные данные (${kind}${detail ? ` ${detail}` : ''})`);
  }
}
