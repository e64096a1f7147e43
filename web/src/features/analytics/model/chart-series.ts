import type { ChartSettings, QueryResult, ResultColumn } from '../api/types';

/** More points than this make an unreadable chart and a slow page; the table still has every row. */
export const CHART_POINT_LIMIT = 1000;
/** A pie with more slices than this folds the smallest into one "other" slice. */
export const PIE_SLICE_LIMIT = 10;

export interface ChartPoint {
  x: string;
  y: number;
}

export interface ChartSeries {
  points: ChartPoint[];
  /** Rows past CHART_POINT_LIMIT, not drawn. */
  omitted: number;
  /** Rows whose y is empty or not a number, not drawn. */
  skipped: number;
}

// ClickHouse's number types, also inside Nullable(…) or LowCardinality(…).
const NUMERIC_TYPE = /^(?:(?:Nullable|LowCardinality)\()*(?:U?Int\d+|Float\d+|Decimal)/;

export function isNumericColumn(column: ResultColumn): boolean {
  return NUMERIC_TYPE.test(column.type);
}

/**
 * A cell as a number: ClickHouse sends 64-bit integers and decimals as strings in JSON, so both are read.
 */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/** A cell as the text of a label or a table cell; null stays null so the table can mark it. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The chart a fresh result starts with: y is the first numeric column, x the first other column (the
 * row number when every column is numeric); a table when nothing is numeric.
 */
export function defaultChart(columns: ResultColumn[]): ChartSettings {
  const y = columns.find(isNumericColumn);
  if (!y) return { type: 'table' };
  const x = columns.find((c) => c !== y && !isNumericColumn(c)) ?? columns.find((c) => c !== y);
  return { type: 'bar', x: x?.name, y: y.name };
}

/** Keeps a saved or chosen chart only where its columns are still in the result. */
export function chartFor(columns: ResultColumn[], wanted: ChartSettings | undefined): ChartSettings {
  if (!wanted || wanted.type === 'table') return wanted ?? defaultChart(columns);
  const names = new Set(columns.map((c) => c.name));
  const y = wanted.y && names.has(wanted.y) ? wanted.y : undefined;
  const x = wanted.x && names.has(wanted.x) ? wanted.x : undefined;
  if (!y) return { ...defaultChart(columns), type: wanted.type };
  return { type: wanted.type, x, y };
}

/**
 * The points of column y against column x (the row number when x is not set), in the result's order.
 * Rows with no numeric y are skipped, and at most `limit` points are drawn.
 */
export function chartSeries(
  result: Pick<QueryResult, 'columns' | 'rows'>,
  x: string | undefined,
  y: string,
  limit = CHART_POINT_LIMIT,
): ChartSeries {
  const yIndex = result.columns.findIndex((c) => c.name === y);
  const xIndex = x === undefined ? -1 : result.columns.findIndex((c) => c.name === x);
  if (yIndex < 0) return { points: [], omitted: 0, skipped: result.rows.length };
  const points: ChartPoint[] = [];
  let skipped = 0;
  let omitted = 0;
  result.rows.forEach((row, index) => {
    const value = numericValue(row[yIndex]);
    if (value === null) {
      skipped += 1;
      return;
    }
    if (points.length >= limit) {
      omitted += 1;
      return;
    }
    const label = xIndex < 0 ? String(index + 1) : (cellText(row[xIndex]) ?? '∅');
    points.push({ x: label, y: value });
  });
  return { points, omitted, skipped };
}

/**
 * A pie's slices: the largest `limit - 1` as they are and the rest summed under `otherLabel`, so small
 * values stay visible in the total instead of as slivers. Negative values cannot be slices and are left out.
 */
export function pieSlices(points: ChartPoint[], otherLabel: string, limit = PIE_SLICE_LIMIT): ChartPoint[] {
  const positive = points.filter((p) => p.y > 0).sort((a, b) => b.y - a.y);
  if (positive.length <= limit) return positive;
  const kept = positive.slice(0, limit - 1);
  const rest = positive.slice(limit - 1).reduce((sum, p) => sum + p.y, 0);
  return [...kept, { x: otherLabel, y: rest }];
}
