import { SqlRefused } from './refusal';
import { isWord, SqlLexError, tokenize, type Token } from './sql-tokens';

/** The most an analyst may send: a query this long is a paste gone wrong, not a question. */
export const MAX_SQL_LENGTH = 20_000;

/**
 * Words that end or change a read-only SELECT. Statement words are refused anywhere, not only first,
 * so that nothing reaches ClickHouse that could make it write (ClickHouse's parser is the second check).
 */
const STATEMENT_WORDS = [
  'INSERT',
  'ALTER',
  'DROP',
  'CREATE',
  'DELETE',
  'TRUNCATE',
  'RENAME',
  'ATTACH',
  'DETACH',
  'EXCHANGE',
  'UNDROP',
  'OPTIMIZE',
  'KILL',
  'GRANT',
  'REVOKE',
  'BACKUP',
  'RESTORE',
];
/** The server sets the settings and the output format; an analyst's SETTINGS would override its limits. */
const CLAUSE_WORDS: Record<string, string> = {
  SETTINGS: 'SETTINGS запрещён: ограничения задаёт сервер',
  INTO: 'INTO OUTFILE запрещён',
  OUTFILE: 'INTO OUTFILE запрещён',
};
/** Database names that hold the engine's own tables. */
const SYSTEM_DATABASES = new Set(['SYSTEM', 'INFORMATION_SCHEMA']);

export interface CheckedSql {
  /** The query without trailing semicolons. */
  sql: string;
  /** Names the query declares as `name AS (SELECT …)`: its own common table expressions. */
  cteNames: Set<string>;
}

/**
 * The checks that need no engine: one statement, a SELECT or WITH, no SETTINGS / FORMAT / INTO OUTFILE,
 * no system databases. ClickHouse's parser (ast-check.ts) then decides what the query reads.
 */
export function checkStatement(raw: string): CheckedSql {
  if (raw.length > MAX_SQL_LENGTH) throw new SqlRefused(`Запрос длиннее ${MAX_SQL_LENGTH} символов`);
  let tokens: Token[];
  try {
    tokens = tokenize(raw);
  } catch (error) {
    if (error instanceof SqlLexError) throw new SqlRefused(error.message, 'Ошибка в запросе');
    throw error;
  }
  while (
    tokens.length > 0 &&
    tokens[tokens.length - 1]!.text === ';' &&
    tokens[tokens.length - 1]!.kind === 'punct'
  ) {
    tokens.pop();
  }
  if (tokens.length === 0) throw new SqlRefused('Запрос пуст');
  const end = tokens[tokens.length - 1]!;
  const sql = raw.slice(0, end.at + rawLength(raw, end)).trim();
  if (tokens.some((t) => t.kind === 'punct' && t.text === ';')) {
    throw new SqlRefused('Разрешён только один запрос');
  }
  const first = tokens.find((t) => !(t.kind === 'punct' && t.text === '('));
  if (!isWord(first, 'SELECT') && !isWord(first, 'WITH')) {
    throw new SqlRefused('Разрешены только запросы SELECT и WITH');
  }
  tokens.forEach((token, i) => {
    if (token.kind !== 'word') return;
    const upper = token.text.toUpperCase();
    if (STATEMENT_WORDS.includes(upper)) throw new SqlRefused(`${upper} запрещён: консоль только читает`);
    const clause = CLAUSE_WORDS[upper];
    if (clause) throw new SqlRefused(clause);
    // format(…) is a string function; FORMAT followed by a name is the output format clause.
    if (upper === 'FORMAT' && tokens[i + 1]?.text !== '(') {
      throw new SqlRefused('FORMAT запрещён: сервер отвечает JSON');
    }
    if (SYSTEM_DATABASES.has(upper) && tokens[i + 1]?.text === '.') {
      throw new SqlRefused(`Таблицы ${token.text}.* недоступны`);
    }
  });
  return { sql, cteNames: cteNamesOf(tokens) };
}

/** `name AS (SELECT …` or `name AS (WITH …`: a common table expression's name. */
function cteNamesOf(tokens: Token[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.kind !== 'word' && token.kind !== 'quoted') return;
    if (!isWord(tokens[i + 1], 'AS') || tokens[i + 2]?.text !== '(') return;
    let j = i + 3;
    while (tokens[j]?.text === '(') j++;
    if (isWord(tokens[j], 'SELECT') || isWord(tokens[j], 'WITH')) names.add(token.text);
  });
  return names;
}

/** How many characters of the raw text the last token spans (quotes included). */
function rawLength(raw: string, token: Token): number {
  if (token.kind === 'word' || token.kind === 'number' || token.kind === 'punct') return token.text.length;
  // Strings and quoted names: find the closing quote again from the token's start.
  const quote = raw[token.at]!;
  if (quote === '$') {
    const tag = /^\$[A-Za-z0-9_]*\$/.exec(raw.slice(token.at))![0];
    return raw.indexOf(tag, token.at + tag.length) + tag.length - token.at;
  }
  let i = token.at + 1;
  while (i < raw.length) {
    if (raw[i] === '\\') i += 2;
    else if (raw[i] === quote && raw[i + 1] === quote) i += 2;
    else if (raw[i] === quote) return i + 1 - token.at;
    else i++;
  }
  return raw.length - token.at;
}
