import { describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { analyst, outsideAnalyst, useExamWorld } from './exams';

/**
 * The SQL console over real PostgreSQL and chdb (exams.ts posts two schools' exams): what each school's
 * analyst can read, the counts against the read model, every refusal, and the server's limits.
 */
const { world, call, ok, query } = useExamWorld();

describe('the console', () => {
  it('counts what the read model lists, with column names and types', async () => {
    const { status, entity } = await query(
      analyst,
      `SELECT action_type, count() AS n FROM proctoring_actions
        WHERE assignment_id = {assignment:String} GROUP BY action_type ORDER BY action_type`,
      { assignment: world.schoolA.assignment },
    );
    expect(status).toBe(200);
    expect(entity.columns).toEqual([
      { name: 'action_type', type: 'LowCardinality(String)' },
      { name: 'n', type: 'UInt64' },
    ]);
    const listed = (
      await ok(
        'GET',
        `/api/assignment/actions/${world.schoolA.assignment}.json`,
        tokenFor('teacher', 'school-a'),
      )
    ).entities as { action_type: string }[];
    const fromReadModel = new Map<string, number>();
    for (const a of listed) fromReadModel.set(a.action_type, (fromReadModel.get(a.action_type) ?? 0) + 1);
    expect(listed.length).toBe(8);
    expect(entity.rows.map(([type, n]) => [type, Number(n)])).toEqual(
      [...fromReadModel.entries()].sort(([x], [y]) => x.localeCompare(y)),
    );
    expect(entity).toMatchObject({ row_count: fromReadModel.size, truncated: false });
    expect(entity.elapsed_ms).toBeGreaterThanOrEqual(0);
  });

  it('reads attempts with their start, finish and duration', async () => {
    const { entity } = await query(
      analyst,
      'SELECT attempt_id, started_at, finished_at, duration_seconds FROM assignment_attempts ORDER BY started_at',
    );
    expect(entity.rows).toEqual([
      [world.schoolA.attempts[0], '2026-03-10 09:00:00.000', '2026-03-10 09:12:00.000', '720'],
      [world.schoolA.attempts[1], '2026-03-11 09:00:00.000', '2026-03-11 09:33:00.000', '1980'],
    ]);
  });

  it('never shows another school’s rows, however the query is written', async () => {
    const sneaky = [
      "SELECT count() FROM proctoring_actions WHERE school_id = 'school-a'",
      "SELECT count() FROM (SELECT * FROM proctoring_actions UNION ALL SELECT * FROM proctoring_actions) WHERE school_id = 'school-a'",
      "SELECT count() FROM proctoring_actions_hourly WHERE school_id = 'school-a'",
      "SELECT count() FROM proctoring_activities WHERE school_id = 'school-a'",
      "SELECT count() FROM assignment_attempts WHERE school_id = 'school-a'",
      "WITH mine AS (SELECT * FROM proctoring_actions WHERE school_id = 'school-a') SELECT count() FROM mine",
      'WITH proctoring_actions AS (SELECT 1) SELECT count() FROM proctoring_actions',
      `SELECT count() FROM proctoring_actions WHERE assignment_id IN ('${world.schoolA.assignment}')`,
      `SELECT (SELECT count() FROM proctoring_actions AS p WHERE p.attempt_id = '${world.schoolA.attempts[0]}')`,
      `SELECT count() FROM proctoring_actions AS a JOIN proctoring_actions AS b ON a.action_id = b.action_id
        WHERE b.school_id != 'school-b'`,
    ];
    for (const sql of sneaky) {
      const { status, body, entity } = await query(outsideAnalyst, sql);
      if (status === 422) {
        // Refused outright is also "nothing shown" (a CTE named as a table).
        expect((body.errors as { sql: string[] }).sql[0], sql).toContain('занято таблицей');
        continue;
      }
      expect(status, sql).toBe(200);
      expect(entity.rows, sql).toEqual([['0']]);
    }
    // The other school's analyst does see their own: the filter is the school, not a blanket refusal.
    const own = await query(
      outsideAnalyst,
      'SELECT school_id, count() FROM proctoring_actions GROUP BY school_id',
    );
    expect(own.entity.rows).toEqual([['school-b', '1']]);
    const mine = await query(analyst, 'SELECT DISTINCT school_id FROM proctoring_actions');
    expect(mine.entity.rows).toEqual([['school-a']]);
  });

  it.each([
    ['INSERT INTO proctoring_actions SELECT * FROM proctoring_actions', 'SELECT и WITH'],
    ['ALTER TABLE proctoring_actions DELETE WHERE 1', 'SELECT и WITH'],
    ['DROP TABLE proctoring_actions', 'SELECT и WITH'],
    ['CREATE TABLE t (a Int8) ENGINE = Memory', 'SELECT и WITH'],
    ['SYSTEM FLUSH LOGS', 'SELECT и WITH'],
    ['SET readonly = 0', 'SELECT и WITH'],
    ['OPTIMIZE TABLE proctoring_actions FINAL', 'SELECT и WITH'],
    ['KILL QUERY WHERE 1', 'SELECT и WITH'],
    ['SELECT 1; DROP TABLE proctoring_actions', 'только один запрос'],
    ['SELECT 1; SELECT 2', 'только один запрос'],
    ['SELECT count() FROM proctoring_actions SETTINGS additional_table_filters = {}', 'SETTINGS'],
    ['SELECT * FROM (SELECT * FROM proctoring_actions SETTINGS max_threads = 1)', 'SETTINGS'],
    ['SELECT 1 FORMAT CSV', 'FORMAT'],
    ["SELECT 1 INTO OUTFILE '/tmp/sabaq-outfile'", 'INTO OUTFILE'],
    ['SELECT * FROM system.tables', 'system'],
    ['SELECT * FROM information_schema.tables', 'information_schema'],
    ['SELECT * FROM events', 'Таблица events недоступна'],
    ['SELECT * FROM schema_migrations', 'Таблица schema_migrations недоступна'],
    ['SELECT * FROM default.proctoring_actions', 'недоступна'],
    ["SELECT * FROM file('/etc/passwd')", 'Табличная функция file'],
    ["SELECT file('/etc/passwd')", 'Функция file запрещена'],
    ["SELECT * FROM url('http://127.0.0.1:1/x', CSV)", 'Табличная функция url'],
    ["SELECT * FROM s3('http://127.0.0.1:1/b/x.csv')", 'Табличная функция s3'],
    ["SELECT * FROM remote('127.0.0.1', 'default', 'events')", 'Табличная функция remote'],
    ['SELECT count() FROM numbers(1000000000000)', 'Табличная функция numbers'],
    ["SELECT * FROM input('a String')", 'Табличная функция input'],
    ["SELECT * FROM executable('ls', TSV, 'a String')", 'Табличная функция executable'],
    ["SELECT * FROM cluster('default', 'default', 'events')", 'Табличная функция cluster'],
    ["SELECT * FROM merge(currentDatabase(), '.*')", 'Табличная функция merge'],
    ["SELECT * FROM dictionary('d')", 'Табличная функция dictionary'],
    ["SELECT dictGet('d', 'a', 1)", 'Функция dictGet запрещена'],
    ['SELECT count() FROM proctoring_actions WHERE action_id IN events', 'Справа от IN'],
    ['WITH events AS (SELECT 1) SELECT * FROM events', 'занято таблицей'],
  ])('refuses %s with a 422 saying why', async (sql, why) => {
    const { status, body } = await query(analyst, sql);
    expect(status).toBe(422);
    expect(body).toMatchObject({ message: 'Запрос не разрешён', status_code: 422 });
    expect((body.errors as { sql: string[] }).sql[0]).toContain(why);
  });

  it('answers a syntax error or an unknown column with ClickHouse’s message, not a 500', async () => {
    const syntax = await query(analyst, 'SELECT FROM WHERE');
    expect(syntax.status).toBe(422);
    expect(syntax.body).toMatchObject({ message: 'Ошибка в запросе', status_code: 422 });
    expect((syntax.body.errors as { sql: string[] }).sql[0]).toMatch(/Syntax error/);
    const unknown = await query(analyst, 'SELECT no_such_column FROM proctoring_actions');
    expect(unknown.status).toBe(422);
    expect((unknown.body.errors as { sql: string[] }).sql[0]).toContain('no_such_column');
    const missingParam = await query(analyst, 'SELECT {n:UInt8} AS v');
    expect(missingParam.status).toBe(422);
  });

  it('runs with the server’s limits: read-only, a time and memory bound, at most 10,000 rows', async () => {
    const settings = await query(
      analyst,
      `SELECT getSetting('readonly') AS r, getSetting('max_execution_time') AS t,
              getSetting('max_memory_usage') AS m, getSetting('max_threads') AS th`,
    );
    expect(settings.status).toBe(200);
    expect(settings.entity.rows[0]?.map(String)).toEqual(['1', '10', String(512 * 1024 * 1024), '2']);
    const many = await query(analyst, 'SELECT arrayJoin(range(15000)) AS i');
    expect(many.entity).toMatchObject({ row_count: 10_000, truncated: true });
    expect(many.entity.rows).toHaveLength(10_000);
    expect(many.entity.rows[9_999]).toEqual([9_999]);
  });

  it('stops a query past its memory or its time with a 422', async () => {
    const memory = await query(
      analyst,
      'SELECT length(groupArray(repeat(toString(x), 1000000))) AS n FROM (SELECT arrayJoin(range(1000)) AS x)',
    );
    expect(memory.status).toBe(422);
    expect((memory.body.errors as { sql: string[] }).sql[0]).toMatch(/memory limit exceeded.*512\.00 MiB/);
    // A cross join of 10^11 pairs: about 10 s of one core, then ClickHouse's own timeout.
    const slow = await query(
      analyst,
      `SELECT count() FROM (SELECT arrayJoin(range(1000000)) AS a) AS l
        CROSS JOIN (SELECT arrayJoin(range(100000)) AS b) AS r WHERE a + b = rand()`,
    );
    expect(slow.status).toBe(422);
    expect((slow.body.errors as { sql: string[] }).sql[0]).toMatch(/Timeout exceeded.*maximum: 10000 ms/);
  }, 60_000);

  it('refuses a table named through an Identifier parameter', async () => {
    const named = await query(
      analyst,
      'SELECT count() FROM proctoring_actions WHERE action_id IN (SELECT event_id FROM {t:Identifier})',
      { t: 'events' },
    );
    expect(named.status).toBe(422);
    expect((named.body.errors as { sql: string[] }).sql[0]).toContain('Таблица events недоступна');
  });

  it('takes parameters, but not the server’s own or malformed ones', async () => {
    const doubled = await query(analyst, 'SELECT {n:UInt8} * 2 AS v', { n: 21 });
    expect(doubled.entity.rows).toEqual([[42]]);
    const reserved = await query(analyst, 'SELECT {sabaq_school:String} AS s', { sabaq_school: 'school-b' });
    expect(reserved.status).toBe(422);
    expect(Object.keys(reserved.body.errors as object)[0]).toMatch(/^params/);
    expect((await call('POST', '/api/analytics/query', analyst, { sql: '' })).status).toBe(422);
    expect((await call('POST', '/api/analytics/query', analyst, {})).status).toBe(422);
  });

  it('is closed to students, teachers and proctors; admins and managers of the school may use it', async () => {
    for (const group of ['student', 'teacher', 'proctor'] as const) {
      expect((await query(tokenFor(group, 'school-a'), 'SELECT 1')).status, group).toBe(403);
    }
    for (const group of ['admin', 'manager'] as const) {
      const { status, entity } = await query(
        tokenFor(group, 'school-a'),
        'SELECT count() FROM proctoring_actions',
      );
      expect(status, group).toBe(200);
      expect(entity.rows).toEqual([['8']]);
    }
  });
});
