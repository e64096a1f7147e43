/**
 * A lexer for the ClickHouse SQL an analyst types: enough to see statements, keywords and names outside
 * strings and comments. It never decides what a query reads (ClickHouse's own parser does that, see
 * ast-check.ts); it finds what must be refused before anything is sent to the engine.
 */
export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'punct';

export interface Token {
  kind: TokenKind;
  /** For words and quoted names: the name; for strings: the raw text; else the character(s). */
  text: string;
  at: number;
}

export class SqlLexError extends Error {}

const WORD_START = /[A-Za-z_\u0080-\uFFFF]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uFFFF]/;

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if ((c === '-' && next === '-') || c === '#') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) throw new SqlLexError('Комментарий /* не закрыт');
      i = end + 2;
    } else if (c === "'" || c === '`' || c === '"') {
      const end = closing(sql, i, c);
      tokens.push({ kind: c === "'" ? 'string' : 'quoted', text: sql.slice(i + 1, end), at: i });
      i = end + 1;
    } else if (c === '$' && /^\$[A-Za-z0-9_]*\$/.test(sql.slice(i))) {
      // Heredoc strings: $tag$ … $tag$.
      const tag = /^\$[A-Za-z0-9_]*\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      if (end === -1) throw new SqlLexError('Строка ' + tag + ' не закрыта');
      tokens.push({ kind: 'string', text: sql.slice(i + tag.length, end), at: i });
      i = end + tag.length;
    } else if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      let j = i + 1;
      while (j < sql.length && /[0-9A-Za-z_.]/.test(sql[j]!)) {
        // An exponent's sign belongs to the number: 1e-5.
        if (/[eE]/.test(sql[j]!) && /[+-]/.test(sql[j + 1] ?? '')) j++;
        j++;
      }
      tokens.push({ kind: 'number', text: sql.slice(i, j), at: i });
      i = j;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < sql.length && WORD_PART.test(sql[j]!)) j++;
      tokens.push({ kind: 'word', text: sql.slice(i, j), at: i });
      i = j;
    } else {
      tokens.push({ kind: 'punct', text: c, at: i });
      i++;
    }
  }
  return tokens;
}

/** The index of the quote closing the one at `start`; a backslash escapes, and so does a doubled quote. */
function closing(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === '\\') i += 2;
    else if (c === quote && sql[i + 1] === quote) i += 2;
    else if (c === quote) return i;
    else i++;
  }
  throw new SqlLexError(quote === "'" ? 'Строка не закрыта' : 'Имя в кавычках не закрыто');
}

export const isWord = (token: Token | undefined, word: string): boolean =>
  token?.kind === 'word' && token.text.toUpperCase() === word;
