import { describe, expect, it } from 'vitest';
import { checkAst, isAllowedFunction, parseAst } from './ast-check';
import { checkPlan } from './plan-check';
import { SqlRefused } from './refusal';
import { checkStatement } from './static-check';

const reason = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof SqlRefused) return error.errors.sql?.[0] ?? '';
    throw error;
  }
  throw new Error('not refused');
};

describe('the statement check', () => {
  it('takes one SELECT or WITH, and drops trailing semicolons and comments', () => {
    expect(checkStatement('SELECT 1;  ').sql).toBe('SELECT 1');
    expect(checkStatement('select 1 -- a note').sql).toBe('select 1');
    expect(checkStatement("(SELECT ';' AS s)").sql).toBe("(SELECT ';' AS s)");
    expect(checkStatement('WITH t AS (SELECT 1) SELECT * FROM t').cteNames).toEqual(new Set(['t']));
  });

  it.each([
    ['SELECT 1; SELECT 2', 'Разрешён только один запрос'],
    ['SELECT 1; DROP TABLE events', 'Разрешён только один запрос'],
    ['INSERT INTO proctoring_actions SELECT 1', 'Разрешены только запросы SELECT и WITH'],
    ['ALTER TABLE events DELETE WHERE 1', 'Разрешены только запросы SELECT и WITH'],
    ['DROP TABLE events', 'Разрешены только запросы SELECT и WITH'],
    ['CREATE TABLE x (a Int8) ENGINE = Memory', 'Разрешены только запросы SELECT и WITH'],
    ['SYSTEM DROP DNS CACHE', 'Разрешены только запросы SELECT и WITH'],
    ['SET readonly = 0', 'Разрешены только запросы SELECT и WITH'],
    ['OPTIMIZE TABLE events FINAL', 'Разрешены только запросы SELECT и WITH'],
    ['KILL QUERY WHERE 1', 'Разрешены только запросы SELECT и WITH'],
    ['SELECT 1 SETTINGS readonly = 0', 'SETTINGS запрещён: ограничения задаёт сервер'],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = 1)', 'SETTINGS запрещён: ограничения задаёт сервер'],
    ['SELECT 1 FORMAT CSV', 'FORMAT запрещён: сервер отвечает JSON'],
    ["SELECT 1 INTO OUTFILE '/tmp/x'", 'INTO OUTFILE запрещён'],
    ['SELECT * FROM system.tables', 'Таблицы system.* недоступны'],
    ['SELECT * FROM INFORMATION_SCHEMA.tables', 'Таблицы INFORMATION_SCHEMA.* недоступны'],
    ["SELECT 'unclosed", 'Строка не закрыта'],
    ['', 'Запрос пуст'],
    [';', 'Запрос пуст'],
  ])('refuses %s', (sql, expected) => {
    expect(reason(() => checkStatement(sql))).toBe(expected);
  });

  it('sees nothing inside strings, quoted names and comments', () => {
    expect(() => checkStatement("SELECT 'DROP TABLE x; SETTINGS' AS s")).not.toThrow();
    expect(() => checkStatement('SELECT `settings` FROM proctoring_actions')).not.toThrow();
    expect(() => checkStatement('SELECT 1 /* ; DROP */')).not.toThrow();
    expect(() => checkStatement("SELECT format('{}', 1)")).not.toThrow();
    expect(() => checkStatement('SELECT $$ ; $$ AS s')).not.toThrow();
  });
});

/** EXPLAIN AST text as ClickHouse 26 prints it (chdb), including the client's appended FORMAT. */
const ast = (body: string) =>
  parseAst([
    'SelectWithUnionQuery (children 2)',
    ...body.split('\n').filter(Boolean),
    ' Identifier JSONEachRow',
  ]);
const select = (from: string, where = '') =>
  ast(
    [
      ' ExpressionList (children 1)',
      '  SelectQuery (children 3)',
      '   ExpressionList (children 1)',
      '    Asterisk',
      '   TablesInSelectQuery (children 1)',
      '    TablesInSelectQueryElement (children 1)',
      '     TableExpression (children 1)',
      `      ${from}`,
      where,
    ].join('\n'),
  );
const context = { cteNames: new Set<string>(), existingTables: new Set(['events', 'proctoring_actions']) };

describe('the parse-tree check', () => {
  it('admits the analyst tables', () => {
    expect(() => checkAst(select('TableIdentifier proctoring_actions (alias a)'), context)).not.toThrow();
    expect(() => checkAst(select('TableIdentifier assignment_attempts'), context)).not.toThrow();
  });

  it.each([
    ['TableIdentifier events', 'Таблица events недоступна'],
    ['TableIdentifier default.proctoring_actions', 'Таблица default.proctoring_actions недоступна'],
    ['TableIdentifier system.tables', 'Таблицы system.tables недоступны'],
    ['Function numbers (children 1)', 'Табличная функция numbers запрещена'],
    ['Function file (children 1)', 'Табличная функция file запрещена'],
    ['Function url (children 1)', 'Табличная функция url запрещена'],
    ['Function s3 (children 1)', 'Табличная функция s3 запрещена'],
    ['Function remote (children 1)', 'Табличная функция remote запрещена'],
    ['Function cluster (children 1)', 'Табличная функция cluster запрещена'],
    ['Function input (children 1)', 'Табличная функция input запрещена'],
    ['Function executable (children 1)', 'Табличная функция executable запрещена'],
    ['Function dictionary (children 1)', 'Табличная функция dictionary запрещена'],
  ])('refuses FROM %s', (from, expected) => {
    expect(reason(() => checkAst(select(from), context))).toContain(expected);
  });

  it.each([
    'file',
    'dictGet',
    'dictGetOrDefault',
    'joinGet',
    'sleepEachRow',
    'hasColumnInTable',
    'version',
    'uptime',
    'displayName',
    'hostName',
    'HOSTNAME',
    'tcpPort',
    'buildId',
    'serverTimezone',
    'serverTimeZone',
    'versionIf',
    'noSuchFunction',
  ])('refuses the scalar function %s', (name) => {
    const tree = select(
      'TableIdentifier proctoring_actions',
      `   Function ${name} (children 1)\n    ExpressionList`,
    );
    expect(reason(() => checkAst(tree, context))).toBe(`Функция ${name} запрещена`);
  });

  it('allows ordinary functions, aggregates with stacked combinators, and nothing else', () => {
    for (const name of [
      'lowerUTF8',
      'COUNT',
      'countIf',
      'uniqArrayIf',
      'sumStateIf',
      'toStartOfHour',
      'CAST',
    ])
      expect(isAllowedFunction(name), name).toBe(true);
    for (const name of ['lowerUTF8If', 'hostNameIf', 'versionArray', 'sleep', 'dictGetString'])
      expect(isAllowedFunction(name), name).toBe(false);
  });

  it('refuses IN over a table name but takes a list or a subquery', () => {
    const where = (right: string) =>
      select(
        'TableIdentifier proctoring_actions',
        [
          '   Function in (children 1)',
          '    ExpressionList (children 2)',
          '     Identifier action_id',
          `     ${right}`,
        ].join('\n'),
      );
    expect(reason(() => checkAst(where('Identifier events'), context))).toContain('Справа от IN');
    expect(() => checkAst(where("Literal Tuple_('a', 'b')"), context)).not.toThrow();
    expect(() => checkAst(where('Subquery (children 1)'), context)).not.toThrow();
  });

  it('refuses SETTINGS, INTO OUTFILE, other statements and CTEs named as tables', () => {
    const settings = parseAst([
      'SelectWithUnionQuery (children 1)',
      ' ExpressionList (children 1)',
      '  SelectQuery (children 2)',
      '   ExpressionList (children 1)',
      '    Literal UInt64_1',
      '   Set',
    ]);
    expect(reason(() => checkAst(settings, context))).toContain('SETTINGS');
    const outfile = parseAst([
      'SelectWithUnionQuery (children 3)',
      ' ExpressionList (children 1)',
      '  SelectQuery (children 1)',
      " Literal '/tmp/x'",
      ' Identifier JSONEachRow',
    ]);
    expect(reason(() => checkAst(outfile, context))).toContain('INTO OUTFILE');
    expect(reason(() => checkAst(parseAst(['ShowTablesQuery']), context))).toContain('SELECT');
    const cte = { ...context, cteNames: new Set(['events']) };
    expect(reason(() => checkAst(select('TableIdentifier events'), cte))).toContain('Имя events занято');
    const own = { ...context, cteNames: new Set(['mine']) };
    expect(() => checkAst(select('TableIdentifier mine'), own)).not.toThrow();
  });
});

describe('the plan check', () => {
  it('admits reads of the analyst tables, empty tables and SELECTs without FROM', () => {
    expect(() =>
      checkPlan(
        [
          'Union',
          '├──ReadFromMergeTree (default.proctoring_actions)',
          '└──ReadNothing (Read from NullSource)',
          'ReadFromSystemOne',
        ],
        'default',
      ),
    ).not.toThrow();
  });

  it('refuses any other read', () => {
    expect(reason(() => checkPlan(['└──ReadFromMergeTree (default.events)'], 'default'))).toContain(
      'default.events',
    );
    expect(reason(() => checkPlan(['ReadFromSystemTables'], 'default'))).toContain('ReadFromSystemTables');
    expect(reason(() => checkPlan(['ReadFromStorage (SystemNumbers)'], 'default'))).toContain(
      'ReadFromStorage',
    );
  });
});
