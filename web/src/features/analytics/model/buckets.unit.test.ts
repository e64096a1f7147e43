import { describe, expect, it } from 'vitest';
import { credibilityLabel, credibilitySeries, finishTimeSeries } from './buckets';

describe('credibility buckets', () => {
  it('labels each tenth, the last one up to 100', () => {
    expect(credibilityLabel(0)).toBe('0–9');
    expect(credibilityLabel(5)).toBe('50–59');
    expect(credibilityLabel(9)).toBe('90–100');
  });

  it('lists all ten buckets in order, empty ones as 0', () => {
    const series = credibilitySeries([
      { bucket: 9, attempts: 4 },
      { bucket: 2, attempts: 1 },
    ]);
    expect(series.map((s) => s.label)).toEqual([
      '0–9',
      '10–19',
      '20–29',
      '30–39',
      '40–49',
      '50–59',
      '60–69',
      '70–79',
      '80–89',
      '90–100',
    ]);
    expect(series.map((s) => s.attempts)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 4]);
  });

  it('reads counts sent as strings and keeps out-of-range buckets inside', () => {
    const series = credibilitySeries([
      { bucket: 10, attempts: '2' as unknown as number },
      { bucket: -1, attempts: 1 },
    ]);
    expect(series[9]!.attempts).toBe(2);
    expect(series[0]!.attempts).toBe(1);
  });
});

describe('finish time buckets', () => {
  it('labels buckets by their minutes and fills the gaps', () => {
    expect(
      finishTimeSeries([
        { minutes_bucket: 20, attempts: 1 },
        { minutes_bucket: 5, attempts: 3 },
        { minutes_bucket: 10, attempts: 2 },
      ]),
    ).toEqual([
      { key: 5, label: '5–10', attempts: 3 },
      { key: 10, label: '10–15', attempts: 2 },
      { key: 15, label: '15–20', attempts: 0 },
      { key: 20, label: '20–25', attempts: 1 },
    ]);
  });

  it('labels a single bucket with the width the server uses, and has nothing for no data', () => {
    expect(finishTimeSeries([{ minutes_bucket: 30, attempts: 2 }])).toEqual([
      { key: 30, label: '30–35', attempts: 2 },
    ]);
    expect(finishTimeSeries([])).toEqual([]);
  });

  it('does not fill between buckets that are off the width', () => {
    const series = finishTimeSeries([
      { minutes_bucket: 0, attempts: 1 },
      { minutes_bucket: 7, attempts: 1 },
    ]);
    expect(series.map((s) => s.label)).toEqual(['0–5', '7–12']);
  });
});
