import { describe, expect, it } from 'vitest';
import { analyst, useExamWorld } from './exams';

/**
 * The console with text an analyst really types: quotes, escapes and unicode in the SQL and in
 * parameters, and the functions that would tell the server's own facts (host, version, ports).
 */
const { query } = useExamWorld();

describe('the console with hostile text', () => {
  it.each([
    ["SELECT 'O''Brien' AS s", "O'Brien"],
    ["SELECT 'O\\'Brien' AS s", "O'Brien"],
    ["SELECT 'back\\\\slash' AS s", 'back\\slash'],
    ["SELECT 'Қазақстан — Алматы 😀' AS s", 'Қазақстан — Алматы 😀'],
    ['SELECT \'{"a": [1, 2]}\' AS s', '{"a": [1, 2]}'],
    ["SELECT 'tab\\tnew\\nline' AS s", 'tab\tnew\nline'],
  ])('answers %s', async (sql, expected) => {
    const { status, body, entity } = await query(analyst, sql);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(entity.rows).toEqual([[expected]]);
  });

  it.each([["it's"], ['a\\b'], ['"quoted"'], ['Әліпби 😀'], ["'; DROP TABLE events; --"]])(
    'takes the parameter %s as a value',
    async (value) => {
      const { status, body, entity } = await query(analyst, 'SELECT {p:String} AS s', { p: value });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(entity.rows).toEqual([[value]]);
    },
  );

  it.each([
    'SELECT displayName()',
    'SELECT version()',
    'SELECT uptime()',
    'SELECT tcpPort()',
    'SELECT buildId()',
    'SELECT serverTimezone()',
    'SELECT hostName()',
    'SELECT upper(hostName()) AS h',
    'SELECT count() FROM proctoring_actions WHERE action_type = version()',
  ])('refuses %s with a 422 as every other refusal', async (sql) => {
    const { status, body } = await query(analyst, sql);
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body).toMatchObject({ message: 'Запрос не разрешён', status_code: 422 });
    expect((body.errors as { sql: string[] }).sql[0]).toMatch(/Функция \w+ запрещена/);
  });

  it('still answers ordinary functions of dates, strings and aggregates', async () => {
    const { status, body, entity } = await query(
      analyst,
      `SELECT lowerUTF8('ÄB') AS l, toYear(toDate('2026-03-10')) AS y, length(arrayMap(x -> x * 2, [1, 2])) AS n,
        countIf(action_type = 'x') AS c, round(avg(1.5), 1) AS a FROM proctoring_actions`,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(entity.rows).toEqual([['äb', 2026, '2', '0', 1.5]]);
  });
});
