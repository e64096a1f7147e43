import { PROCTORING_VIOLATIONS } from '@sabaq/events';
import { GROUPS, type Group } from '../../../services/src/platform/http/caller';
import { accessTable } from '../../../services/src/platform/http/records/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsDemo } from '../../../services/src/contexts/analytics/queries/demo-seed';
import { DEMO_SCHOOL_ID, demoUserId } from '../../../services/src/contexts/identity/seed';
import { tokenFor } from '../records/records-app';
import { startAnalyticsApp, type AnalyticsApp } from './analytics-app';

/**
 * The analysts' console and dashboard over real PostgreSQL and chdb: two schools' attempts and actions
 * at known times, then what each school's analyst can read, what the console refuses, and the
 * dashboard's numbers against what was posted and what the read model says.
 */
let env: AnalyticsApp;
const analyst = tokenFor('analyst', 'school-a');
const outsideAnalyst = tokenFor('analyst', 'school-b');

const T0 = new Date('2026-03-10T09:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

interface Posted {
  assignment: string;
  attempts: string[];
}
let schoolA: Posted;
let schoolB: Posted;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  const response = await env.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  return {
    status: response.statusCode,
    body: (response.body ? response.json() : {}) as Record<string, unknown>,
  };
}
const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const answer = await call(method, url, token, payload);
  if (answer.status >= 300)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
};

interface ConsoleAnswer {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  elapsed_ms: number;
}
async function query(token: string, sql: string, params?: Record<string, string | number>) {
  const answer = await call('POST', '/api/analytics/query', token, { sql, params });
  return { status: answer.status, body: answer.body, entity: answer.body.entity as unknown as ConsoleAnswer };
}

/** A student's attempt: started at `start`, actions at the given minutes, finished at `finish`. */
async function sitExam(
  school: string,
  student: number,
  assignment: string,
  start: Date,
  actions: [string, number][],
  finish: Date,
): Promise<string> {
  const token = tokenFor('student', school, student);
  env.setNow(start);
  const attempt = (
    (await ok('POST', '/api/assignment-attempts', token, { assignment_id: assignment })).entity as {
      id: string;
    }
  ).id;
  env.setNow(new Date(start.getTime() + 30 * 60_000));
  await ok('POST', '/api/assignment/actions/batch', token, {
    actions: actions.map(([action_type, minute], i) => ({
      id: `${attempt}-${i}`,
      assignment_id: assignment,
      assignment_attempt_id: attempt,
      action_type,
      created_at: new Date(start.getTime() + minute * 60_000).toISOString(),
    })),
  });
  env.setNow(finish);
  await ok('POST', `/api/assignment-attempts/${attempt}/finish.json`, token);
  return attempt;
}

async function makeAssignment(school: string, name: string): Promise<string> {
  env.setNow(minutes(-60));
  const made = await ok('POST', '/api/assignments', tokenFor('teacher', school), {
    type: 'external',
    name,
    students: [`student-${school}-1`, `student-${school}-2`],
  });
  return (made.entity as { id: string }).id;
}

beforeAll(async () => {
  env = await startAnalyticsApp();
  const a = await makeAssignment('school-a', 'Экзамен по алгебре');
  const first = await sitExam(
    'school-a',
    1,
    a,
    T0,
    [
      ['focus_lost', 1],
      ['focus_lost', 2],
      ['face_missing', 3],
      ['second_monitor', 4],
      ['session_started', 0],
    ],
    minutes(12),
  );
  const second = await sitExam(
    'school-a',
    2,
    a,
    minutes(24 * 60),
    [
      ['noise', 5],
      ['noise', 5.01],
      ['noise', 5.02],
    ],
    minutes(24 * 60 + 33),
  );
  schoolA = { assignment: a, attempts: [first, second] };
  const b = await makeAssignment('school-b', 'Чужой экзамен');
  const other = await sitExam('school-b', 1, b, minutes(60), [['focus_lost', 1]], minutes(70));
  schoolB = { assignment: b, attempts: [other] };
  env.setNow(new Date('2026-03-20T00:00:00Z'));
  await env.caughtUp();
}, 180_000);
afterAll(async () => {
  await env?.close();
});

describe('the console', () => {
  it('counts what the read model lists, with column names and types', async () => {
    const { status, entity } = await query(
      analyst,
      `SELECT action_type, count() AS n FROM proctoring_actions
        WHERE assignment_id = {assignment:String} GROUP BY action_type ORDER BY action_type`,
      { assignment: schoolA.assignment },
    );
    expect(status).toBe(200);
    expect(entity.columns).toEqual([
      { name: 'action_type', type: 'LowCardinality(String)' },
      { name: 'n', type: 'UInt64' },
    ]);
    const listed = (
      await ok('GET', `/api/assignment/actions/${schoolA.assignment}.json`, tokenFor('teacher', 'school-a'))
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
      [schoolA.attempts[0], '2026-03-10 09:00:00.000', '2026-03-10 09:12:00.000', '720'],
      [schoolA.attempts[1], '2026-03-11 09:00:00.000', '2026-03-11 09:33:00.000', '1980'],
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
      `SELECT count() FROM proctoring_actions WHERE assignment_id IN ('${schoolA.assignment}')`,
      `SELECT (SELECT count() FROM proctoring_actions AS p WHERE p.attempt_id = '${schoolA.attempts[0]}')`,
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
      "SELECT getSetting('readonly') AS r, getSetting('max_execution_time') AS t, getSetting('max_memory_usage') AS m",
    );
    expect(settings.status).toBe(200);
    expect(settings.entity.rows[0]?.map(String)).toEqual(['1', '10', String(512 * 1024 * 1024)]);
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

describe('saved queries', () => {
  const saved = {
    name: 'Нарушения по типам',
    sql: 'SELECT action_type, count() AS n FROM proctoring_actions GROUP BY action_type',
    chart: { type: 'bar', x: 'action_type', y: 'n' },
  };

  it('are saved by an analyst, seen by the school’s analysts, edited by their author only', async () => {
    const created = await call('POST', '/api/analytics-queries', analyst, saved);
    expect(created.status).toBe(201);
    const entity = (created.body as { entity: Record<string, unknown> }).entity;
    expect(entity).toMatchObject({
      ...saved,
      created_by: 'analyst-school-a-1',
      school_id: 'school-a',
    });
    expect(typeof entity.created_at).toBe('string');
    const id = entity.id as string;

    const colleague = tokenFor('analyst', 'school-a', 2);
    const listed = (await call('GET', '/api/analytics-queries', colleague)).body.entities as { id: string }[];
    expect(listed.map((q) => q.id)).toContain(id);
    await ok('POST', '/api/analytics-queries', colleague, { ...saved, name: 'Запрос коллеги' });
    const mine = (await call('GET', '/api/analytics-queries?filter[owner_id]=analyst-school-a-1', analyst))
      .body.entities as { id: string; created_by: string }[];
    expect(mine.map((q) => q.id)).toEqual([id]);
    expect((await call('PUT', `/api/analytics-queries/${id}`, colleague, { name: 'Моё' })).status).toBe(404);
    expect((await call('DELETE', `/api/analytics-queries/${id}`, colleague)).status).toBe(404);

    const edited = await call('PUT', `/api/analytics-queries/${id}`, analyst, { chart: { type: 'pie' } });
    expect(edited.status).toBe(200);
    expect((edited.body as { entity: Record<string, unknown> }).entity).toMatchObject({
      name: saved.name,
      chart: { type: 'pie' },
    });

    expect((await call('GET', '/api/analytics-queries', outsideAnalyst)).body.entities).toEqual([]);
    expect((await call('GET', `/api/analytics-queries/${id}`, outsideAnalyst)).status).toBe(404);
    expect((await call('GET', '/api/analytics-queries', tokenFor('student', 'school-a'))).status).toBe(403);
    expect((await call('GET', '/api/analytics-queries', tokenFor('teacher', 'school-a'))).status).toBe(403);

    // The saved text runs in the console as it is.
    const run = await query(colleague, saved.sql);
    expect(run.status).toBe(200);
    expect(run.entity.rows.length).toBeGreaterThan(0);

    expect((await call('DELETE', `/api/analytics-queries/${id}`, analyst)).status).toBe(204);
    expect((await call('GET', `/api/analytics-queries/${id}`, analyst)).status).toBe(404);

    // Every write was an event on the query's own stream (read back from the copy of the log in ClickHouse).
    await env.caughtUp();
    const events = await env.analytics.query<{ type: string; school_id: string }>(
      'SELECT type, school_id FROM events FINAL WHERE stream_id = {stream:String} ORDER BY global_position',
      { stream: `analytics_query-${id}` },
    );
    expect(events).toEqual(
      ['AnalyticsQueryCreated', 'AnalyticsQueryUpdated', 'AnalyticsQueryDeleted'].map((type) => ({
        type,
        school_id: 'school-a',
      })),
    );
  });

  it('refuses an unknown chart type or an empty name', async () => {
    const bad = await call('POST', '/api/analytics-queries', analyst, { ...saved, chart: { type: 'radar' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object)).toContain('chart.type');
    expect((await call('POST', '/api/analytics-queries', analyst, { ...saved, name: ' ' })).status).toBe(422);
  });
});

interface Dashboard {
  violations_by_day: { day: string; action_type: string; actions: number; attempts: number }[];
  violations_by_type: { action_type: string; actions: number; attempts: number }[];
  per_assignment: { assignment_id: string; name: string; attempts: number; violations: number }[];
  credibility: { bucket: number; attempts: number }[];
  time_to_finish: { minutes_bucket: number; attempts: number }[];
}
async function dashboard(token: string, query: string) {
  const answer = await call('GET', `/api/analytics/dashboard?${query}`, token);
  return { status: answer.status, body: answer.body, entity: answer.body.entity as unknown as Dashboard };
}

describe('the dashboard', () => {
  it('shows the posted violations, attempts, credibility and times to finish', async () => {
    const { status, entity } = await dashboard(analyst, 'from=2026-03-01&to=2026-03-31');
    expect(status).toBe(200);
    expect(entity.violations_by_day).toEqual([
      { day: '2026-03-10', action_type: 'face_missing', actions: 1, attempts: 1 },
      { day: '2026-03-10', action_type: 'focus_lost', actions: 2, attempts: 1 },
      { day: '2026-03-11', action_type: 'noise', actions: 3, attempts: 1 },
    ]);
    expect(entity.violations_by_type).toEqual([
      { action_type: 'noise', actions: 3, attempts: 1 },
      { action_type: 'focus_lost', actions: 2, attempts: 1 },
      { action_type: 'face_missing', actions: 1, attempts: 1 },
    ]);
    expect(entity.per_assignment).toEqual([
      { assignment_id: schoolA.assignment, name: 'Экзамен по алгебре', attempts: 2, violations: 6 },
    ]);
    expect(entity.time_to_finish).toEqual([
      { minutes_bucket: 10, attempts: 1 },
      { minutes_bucket: 30, attempts: 1 },
    ]);
    // Credibility as proctoring scored each attempt (its timeline), bucketed by tens.
    const teacher = tokenFor('teacher', 'school-a');
    const expected = Array.from({ length: 10 }, (_, bucket) => ({ bucket, attempts: 0 }));
    for (const attempt of schoolA.attempts) {
      const timeline = (await ok('GET', `/api/proctoring/timelines/${attempt}`, teacher)).entity as {
        credibility: { score: number };
      };
      expected[Math.min(Math.floor(timeline.credibility.score / 10), 9)]!.attempts += 1;
    }
    expect(entity.credibility).toEqual(expected);
    expect(entity.credibility.reduce((n, b) => n + b.attempts, 0)).toBe(2);
    expect(expected[10 - 1]!.attempts).toBeLessThan(2); // the first attempt's violations cost points
  });

  it('agrees with the read model’s counts of violations', async () => {
    const { entity } = await dashboard(
      analyst,
      `from=2026-03-01&to=2026-03-31&assignment_id=${schoolA.assignment}`,
    );
    const listed = (
      await ok('GET', `/api/assignment/actions/${schoolA.assignment}.json`, tokenFor('teacher', 'school-a'))
    ).entities as { action_type: string }[];
    const violations = listed.filter((a) =>
      (PROCTORING_VIOLATIONS as readonly string[]).includes(a.action_type),
    );
    expect(entity.violations_by_type.reduce((n, t) => n + t.actions, 0)).toBe(violations.length);
    expect(entity.per_assignment[0]?.violations).toBe(violations.length);
  });

  it('narrows to the period', async () => {
    const { entity } = await dashboard(analyst, 'from=2026-03-11&to=2026-03-11');
    expect(entity.violations_by_type).toEqual([{ action_type: 'noise', actions: 3, attempts: 1 }]);
    expect(entity.time_to_finish).toEqual([{ minutes_bucket: 30, attempts: 1 }]);
    expect(entity.per_assignment).toEqual([
      { assignment_id: schoolA.assignment, name: 'Экзамен по алгебре', attempts: 1, violations: 3 },
    ]);
    expect(entity.credibility.reduce((n, b) => n + b.attempts, 0)).toBe(1);
    // Without a period: the 30 days up to now (the test's clock is 2026-03-20).
    const recent = await dashboard(analyst, '');
    expect(recent.entity.violations_by_type.reduce((n, t) => n + t.actions, 0)).toBe(6);
  });

  it('shows another school only its own, and refuses another school’s assignment', async () => {
    const { entity } = await dashboard(outsideAnalyst, 'from=2026-03-01&to=2026-03-31');
    expect(entity.violations_by_type).toEqual([{ action_type: 'focus_lost', actions: 1, attempts: 1 }]);
    expect(entity.per_assignment).toEqual([
      { assignment_id: schoolB.assignment, name: 'Чужой экзамен', attempts: 1, violations: 1 },
    ]);
    expect(entity.time_to_finish).toEqual([{ minutes_bucket: 10, attempts: 1 }]);
    const foreign = await dashboard(outsideAnalyst, `assignment_id=${schoolA.assignment}`);
    expect(foreign.status).toBe(404);
  });

  it('is for analysts, admins and managers; refuses a bad period', async () => {
    for (const group of ['student', 'teacher', 'proctor'] as const) {
      expect((await dashboard(tokenFor(group, 'school-a'), '')).status, group).toBe(403);
    }
    for (const group of ['admin', 'manager'] as const) {
      expect((await dashboard(tokenFor(group, 'school-a'), 'from=2026-03-01&to=2026-03-31')).status).toBe(
        200,
      );
    }
    const bad = await dashboard(analyst, 'from=yesterday');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { from: [expect.any(String)] }, status_code: 422 });
    const backwards = await dashboard(analyst, 'from=2026-03-20&to=2026-03-01');
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors as object)).toEqual(['to']);
  });
});

describe('the demo', () => {
  it('gives the demo school two saved queries of its analyst, once however often it starts', async () => {
    const demo = { ...env.services, demo: true };
    await seedAnalyticsDemo(demo);
    await seedAnalyticsDemo(demo);
    await env.caughtUp();
    const token = tokenFor('analyst', DEMO_SCHOOL_ID);
    const listed = (await ok('GET', '/api/analytics-queries', token)).entities as {
      name: string;
      sql: string;
      created_by: string;
    }[];
    expect(listed.map((q) => q.name)).toEqual(['Время выполнения попыток, минуты', 'Нарушения по типам']);
    expect(new Set(listed.map((q) => q.created_by))).toEqual(new Set([demoUserId('analyst')]));
    for (const saved of listed) expect((await query(token, saved.sql)).status, saved.name).toBe(200);
  });
});

describe('saved queries, every group and action by the access table', () => {
  const perspectives = ['owner', 'colleague', 'other-school'] as const;
  const tokenOf = (group: Group, perspective: (typeof perspectives)[number]) =>
    perspective === 'owner'
      ? tokenFor(group, 'school-a')
      : perspective === 'colleague'
        ? tokenFor(group, 'school-a', 2)
        : tokenFor(group, 'school-b');
  const table = accessTable['analytics-queries']!;
  const sample = { name: 'Проверка доступа', sql: 'SELECT 1' };

  it.each([...GROUPS])('as %s', async (group) => {
    const create = await call('POST', '/api/analytics-queries', tokenFor(group, 'school-a'), sample);
    expect(create.status).toBe(table.create[group] === 'none' ? 403 : 201);
    // A group that may not create is tried on an analyst's query of its school.
    const owner = create.status === 201 ? group : 'analyst';
    const target =
      create.status === 201
        ? (create.body.entity as { id: string }).id
        : ((await ok('POST', '/api/analytics-queries', analyst, sample)).entity as { id: string }).id;
    for (const perspective of perspectives) {
      const token = tokenOf(group, perspective);
      const seen = (rule: string) =>
        rule === 'own-school'
          ? perspective !== 'other-school'
          : rule === 'own'
            ? perspective === 'owner' && owner === group
            : rule === 'all';
      const list = await call('GET', '/api/analytics-queries', token);
      if (table.list[group] === 'none') expect(list.status, perspective).toBe(403);
      else {
        const ids = (list.body.entities as { id: string }[]).map((q) => q.id);
        expect(ids.includes(target), `${group} ${perspective} list`).toBe(seen(table.list[group]));
      }
      const get = await call('GET', `/api/analytics-queries/${target}`, token);
      expect(get.status, `${group} ${perspective} get`).toBe(
        table.get[group] === 'none' ? 403 : seen(table.get[group]) ? 200 : 404,
      );
      const update = await call('PUT', `/api/analytics-queries/${target}`, token, {
        name: `Изменено ${perspective}`,
      });
      expect(update.status, `${group} ${perspective} update`).toBe(
        table.update[group] === 'none' ? 403 : seen(table.update[group]) ? 200 : 404,
      );
    }
    const removed = await call('DELETE', `/api/analytics-queries/${target}`, tokenFor(group, 'school-a'));
    expect(removed.status).toBe(table.delete[group] === 'none' ? 403 : owner === group ? 204 : 404);
  });
});

describe('replays', () => {
  it('change no figure: every event copied to ClickHouse again counts once', async () => {
    const before = await dashboard(analyst, 'from=2026-03-01&to=2026-03-31');
    const attemptsBefore = await query(analyst, 'SELECT count() FROM assignment_attempts');
    // What the analytics projector does after a crash or a version bump: insert the same events again,
    // which runs every materialised view over them again.
    await env.analytics.command('INSERT INTO events SELECT * FROM events');
    // The stored rows are doubled until ClickHouse merges them; the views must not show it.
    const stored = await env.analytics.query<{ n: string }>(
      "SELECT count() AS n FROM proctoring_actions WHERE school_id = 'school-a'",
    );
    expect(Number(stored[0]?.n)).toBe(16);
    const after = await dashboard(analyst, 'from=2026-03-01&to=2026-03-31');
    expect(after.entity).toEqual(before.entity);
    expect((await query(analyst, 'SELECT count() FROM assignment_attempts')).entity.rows).toEqual(
      attemptsBefore.entity.rows,
    );
    const hourly = await query(analyst, 'SELECT sum(actions) FROM proctoring_actions_hourly');
    expect(hourly.entity.rows).toEqual([['8']]);
  });
});
