import type { Token } from './normalise';

/** Words per shingle: five words in a row rarely repeat by chance, and a small edit breaks few. */
export const SHINGLE_WORDS = 5;
/** Shingles per winnowing window: any shared run of WINDOW + SHINGLE_WORDS − 1 = 8 words is found. */
export const WINDOW = 4;

/** 32-bit FNV-1a of a shingle's words. */
export function hashWords(words: readonly string[]): number {
  let hash = 0x811c9dc5;
  const text = words.join(' ');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The hash of every shingle: element i covers tokens i … i + SHINGLE_WORDS − 1. */
export function shingleHashes(tokens: readonly Token[]): number[] {
  const hashes: number[] = [];
  for (let i = 0; i + SHINGLE_WORDS <= tokens.length; i++) {
    hashes.push(hashWords(tokens.slice(i, i + SHINGLE_WORDS).map((t) => t.word)));
  }
  return hashes;
}

/**
 * Winnowing (Schleimer, Wilkerson, Aiken 2003): in every window of WINDOW consecutive shingle hashes
 * the smallest is kept (the rightmost on ties), so two texts sharing a long enough run share a
 * fingerprint whatever surrounds it, while a text keeps only about 2 / (WINDOW + 1) of its shingles.
 * A text shorter than one window keeps its smallest hash.
 */
export function winnow(hashes: readonly number[]): Set<number> {
  const kept = new Set<number>();
  if (hashes.length === 0) return kept;
  const width = Math.min(WINDOW, hashes.length);
  for (let start = 0; start + width <= hashes.length; start++) {
    let best = start;
    for (let i = start; i < start + width; i++) if (hashes[i]! <= hashes[best]!) best = i;
    kept.add(hashes[best]!);
  }
  return kept;
}
