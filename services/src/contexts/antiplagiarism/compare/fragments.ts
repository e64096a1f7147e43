import { SHINGLE_WORDS } from './fingerprints';
import type { Token } from './normalise';

/** Matched runs this few words apart (an edited, added or dropped word) are shown as one fragment. */
export const MERGE_GAP_WORDS = 3;
/** A shingle repeated more often than this in a source (a refrain) is not followed everywhere. */
const MAX_POSITIONS = 8;

export interface CharFragment {
  start: number;
  end: number;
  source_start: number;
  source_end: number;
}

interface WordRun {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/**
 * Where answer A and source B say the same thing: every shingle of A found in B, chained into runs
 * along the same diagonal (A's word i + k against B's word j + k), runs close in both texts merged,
 * and the words turned into character ranges of both original texts. Pure.
 */
export function matchedFragments(
  a: { tokens: readonly Token[]; hashes: readonly number[] },
  b: { tokens: readonly Token[]; hashes: readonly number[] },
): CharFragment[] {
  const positions = new Map<number, number[]>();
  b.hashes.forEach((hash, j) => {
    const list = positions.get(hash) ?? [];
    if (list.length < MAX_POSITIONS) list.push(j);
    positions.set(hash, list);
  });
  const pairs = new Set<string>();
  const starts: [number, number][] = [];
  a.hashes.forEach((hash, i) => {
    for (const j of positions.get(hash) ?? []) {
      pairs.add(`${i},${j}`);
      starts.push([i, j]);
    }
  });
  const runs: WordRun[] = [];
  for (const [i, j] of starts) {
    if (pairs.has(`${i - 1},${j - 1}`)) continue; // inside a run that starts earlier
    let length = 1;
    while (pairs.has(`${i + length},${j + length}`)) length++;
    runs.push({ a0: i, a1: i + length - 1 + SHINGLE_WORDS, b0: j, b1: j + length - 1 + SHINGLE_WORDS });
  }
  return mergeRuns(runs).map((run) => ({
    start: a.tokens[run.a0]!.start,
    end: a.tokens[run.a1 - 1]!.end,
    source_start: b.tokens[run.b0]!.start,
    source_end: b.tokens[run.b1 - 1]!.end,
  }));
}

/** Longest first wins where runs overlap in A; neighbours in both texts become one. */
export function mergeRuns(runs: readonly WordRun[]): WordRun[] {
  const kept: WordRun[] = [];
  const byLength = [...runs].sort((x, y) => y.a1 - y.a0 - (x.a1 - x.a0) || x.a0 - y.a0);
  for (const run of byLength) {
    if (!kept.some((k) => run.a0 < k.a1 && k.a0 < run.a1)) kept.push(run);
  }
  kept.sort((x, y) => x.a0 - y.a0);
  const merged: WordRun[] = [];
  for (const run of kept) {
    const last = merged.at(-1);
    const nearInA = last !== undefined && run.a0 - last.a1 <= MERGE_GAP_WORDS;
    const nearInB = last !== undefined && run.b0 >= last.b0 && run.b0 - last.b1 <= MERGE_GAP_WORDS;
    if (last && nearInA && nearInB) {
      last.a1 = Math.max(last.a1, run.a1);
      last.b1 = Math.max(last.b1, run.b1);
    } else {
      merged.push({ ...run });
    }
  }
  return merged;
}
