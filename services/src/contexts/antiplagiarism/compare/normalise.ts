/** A word of the original text, normalised, with where it stands in that text. */
export interface Token {
  word: string;
  /** Character range [start, end) in the original text. */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;
/**
 * Latin letters that look like Cyrillic ones. A word mixing both scripts is a known trick to dodge
 * checkers ("тeкст" with a Latin e): inside such a word the look-alikes are read as Cyrillic.
 */
const LOOK_ALIKES: Record<string, string> = {
  a: 'а',
  b: 'в',
  c: 'с',
  e: 'е',
  h: 'н',
  k: 'к',
  m: 'м',
  o: 'о',
  p: 'р',
  t: 'т',
  x: 'х',
  y: 'у',
};

/**
 * The text's words in reading order: lower case, ё read as е, punctuation and spacing dropped (they
 * separate words and count for nothing else), Cyrillic and Latin alike. Each keeps its character range
 * so that matches can be shown in the original text.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const raw = match[0];
    tokens.push({ word: normaliseWord(raw), start, end: start + raw.length });
  }
  return tokens;
}

export function normaliseWord(raw: string): string {
  const lower = raw.toLowerCase().replace(/ё/g, 'е');
  if (!(CYRILLIC.test(lower) && LATIN.test(lower))) return lower;
  return [...lower].map((char) => LOOK_ALIKES[char] ?? char).join('');
}
