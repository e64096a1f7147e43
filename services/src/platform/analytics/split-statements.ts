/**
 * Splits a migration file into statements at each `;` that is code, not text: semicolons inside
 * quoted strings, quoted identifiers and comments stay where they are. ClickHouse's HTTP interface runs
 * one statement per request, so the runner sends them one by one. Statements made only of comments
 * and blanks are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const push = (end: number) => {
    const text = sql.slice(start, end).trim();
    if (hasCode && text) statements.push(text);
    start = end + 1;
    hasCode = false;
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      i = endOfLine(sql, i);
    } else if (ch === '#' && (next === ' ' || next === '!')) {
      // ClickHouse also reads `# ` and `#!` as line comments.
      i = endOfLine(sql, i);
    } else if (ch === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      if (close < 0) throw new SyntaxError('Unterminated /* comment in migration');
      i = close + 2;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      i = endOfQuoted(sql, i, ch);
      hasCode = true;
    } else if (ch === ';') {
      push(i);
      i += 1;
    } else {
      if (!/\s/.test(ch)) hasCode = true;
      i += 1;
    }
  }
  push(sql.length);
  return statements;
}

function endOfLine(sql: string, from: number): number {
  const newline = sql.indexOf('\n', from);
  return newline < 0 ? sql.length : newline + 1;
}

/** Index just past the closing quote; a quote is escaped by a backslash or by doubling it. */
function endOfQuoted(sql: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === '\\') {
      i += 2;
    } else if (ch === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  throw new SyntaxError(`Unterminated ${quote} quote in migration`);
}
