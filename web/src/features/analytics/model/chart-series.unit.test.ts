import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../api/types';
import {
  chartFor,
  chartSeries,
  defaultChart,
  isNumericColumn,
  numericValue,
  pieSlices,
} from './chart-series';

const result: Pick<QueryResult, 'columns' | 'rows'> = {
  columns: [
    { name: 'action_type', type: 'LowCardinality(String)' },
    { name: 'actions', type: 'UInt64' },
    { name: 'share', type: 'Nullable(Float64)' },
  ],
  // ClickHouse sends UInt64 as strings in JSON.
  rows: [
    ['focus_lost', '12', 0.5],
    ['face_missing', '7', null],
    ['noise', '3', 0.125],
  ],
};

describe('result columns', () => {
  it('knows ClickHouse number types, also wrapped', () => {
    expect(
      [
        'UInt64',
        'Int32',
        'Float64',
        'Decimal(10, 2)',
        'Nullable(UInt8)',
        'LowCardinality(Nullable(Int64))',
      ].map((type) => isNumericColumn({ name: 'c', type })),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['String', "DateTime64(3, 'UTC')", 'Date', 'LowCardinality(String)', 'Array(UInt64)'].map((type) =>
        isNumericColumn({ name: 'c', type }),
      ),
    ).toEqual([false, false, false, false, false]);
  });

  it('reads numbers sent as numbers or strings, and nothing else', () => {
    expect(numericValue(3)).toBe(3);
    expect(numericValue('123456789012')).toBe(123456789012);
    expect(numericValue('1.5')).toBe(1.5);
    expect(numericValue('')).toBeNull();
    expect(numericValue('abc')).toBeNull();
    expect(numericValue(null)).toBeNull();
    expect(numericValue(Number.NaN)).toBeNull();
  });
});

describe('the chart of a result', () => {
  it('starts with the first number against the first label', () => {
    expect(defaultChart(result.columns)).toEqual({ type: 'bar', x: 'action_type', y: 'actions' });
    expect(defaultChart([{ name: 'a', type: 'String' }])).toEqual({ type: 'table' });
    expect(
      defaultChart([
        { name: 'n', type: 'UInt8' },
        { name: 'm', type: 'UInt8' },
      ]),
    ).toEqual({ type: 'bar', x: 'm', y: 'n' });
  });

  it('keeps a chosen chart while its columns are there, and falls back when they are gone', () => {
    expect(chartFor(result.columns, { type: 'line', x: 'action_type', y: 'share' })).toEqual({
      type: 'line',
      x: 'action_type',
      y: 'share',
    });
    expect(chartFor(result.columns, { type: 'pie', x: 'day', y: 'count' })).toEqual({
      type: 'pie',
      x: 'action_type',
      y: 'actions',
    });
    expect(chartFor(result.columns, { type: 'table' })).toEqual({ type: 'table' });
    expect(chartFor(result.columns, undefined)).toEqual({ type: 'bar', x: 'action_type', y: 'actions' });
  });

  it('turns rows into points of y against x, in order', () => {
    expect(chartSeries(result, 'action_type', 'actions')).toEqual({
      points: [
        { x: 'focus_lost', y: 12 },
        { x: 'face_missing', y: 7 },
        { x: 'noise', y: 3 },
      ],
      omitted: 0,
      skipped: 0,
    });
  });

  it('numbers the rows when there is no x, and skips rows without a y', () => {
    expect(chartSeries(result, undefined, 'share')).toEqual({
      points: [
        { x: '1', y: 0.5 },
        { x: '3', y: 0.125 },
      ],
      omitted: 0,
      skipped: 1,
    });
  });

  it('draws at most the limit and counts the rest', () => {
    const many = {
      columns: result.columns,
      rows: Array.from({ length: 10_000 }, (_, i) => [`t${i}`, String(i), null]),
    };
    const series = chartSeries(many, 'action_type', 'actions', 1000);
    expect(series.points).toHaveLength(1000);
    expect(series.points.at(-1)).toEqual({ x: 't999', y: 999 });
    expect(series.omitted).toBe(9000);
  });

  it('has nothing to draw for a column that is not in the result', () => {
    expect(chartSeries(result, 'action_type', 'missing')).toEqual({ points: [], omitted: 0, skipped: 3 });
  });
});

describe('pie slices', () => {
  it('keeps the largest slices and sums the rest as "other"', () => {
    const points = [5, 1, 9, 3, 7].map((y, i) => ({ x: `p${i}`, y }));
    expect(pieSlices(points, 'Остальное', 3)).toEqual([
      { x: 'p2', y: 9 },
      { x: 'p4', y: 7 },
      { x: 'Остальное', y: 9 },
    ]);
  });

  it('leaves out zero and negative values, which cannot be slices', () => {
    expect(
      pieSlices(
        [
          { x: 'a', y: 0 },
          { x: 'b', y: -2 },
          { x: 'c', y: 4 },
        ],
        'other',
      ),
    ).toEqual([{ x: 'c', y: 4 }]);
  });
});
