import { describe, expect, it } from 'vitest';
import { splitStatements } from './split-statements';

describe('splitStatements', () => {
  it('splits at semicolons, whether or not they stand on their own line', () => {
    expect(splitStatements('CREATE TABLE a (x UInt8) ENGINE = Memory;\nSELECT 1\n;\nSELECT 2')).toEqual([
      'CREATE TABLE a (x UInt8) ENGINE = Memory',
      'SELECT 1',
      'SELECT 2',
    ]);
  });

  it('leaves semicolons inside strings, quoted identifiers and comments alone', () => {
    const sql =
      "INSERT INTO t VALUES ('a;b', 'it''s; fine', 'back\\'slash;');\n" +
      'SELECT `odd;name`, "other;name" FROM t -- trailing; comment; still comment\n;\n' +
      '/* block; comment */ SELECT 3';
    expect(splitStatements(sql)).toEqual([
      "INSERT INTO t VALUES ('a;b', 'it''s; fine', 'back\\'slash;')",
      'SELECT `odd;name`, "other;name" FROM t -- trailing; comment; still comment',
      '/* block; comment */ SELECT 3',
    ]);
  });

  it('drops statements made only of comments and blanks', () => {
    expect(splitStatements('-- header; still header\n\nSELECT 1;\n\n-- the end;\n/* nothing */;\n')).toEqual([
      '-- header; still header\n\nSELECT 1',
    ]);
  });

  it('refuses unterminated quotes and comments rather than guessing', () => {
    expect(() => splitStatements("SELECT 'open")).toThrow(SyntaxError);
    expect(() => splitStatements('SELECT 1 /* open')).toThrow(SyntaxError);
  });
});
