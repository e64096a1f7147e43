/** Log positions are 64-bit and arrive as decimal strings; undefined when a value is not one. */
export function parsePosition(value: string): bigint | undefined {
  try {
    return BigInt(value);
  } catch {
    return undefined;
  }
}

/** Share of the log processed, 0..100. An empty log counts as fully processed. */
export function processedPercent(position: string, head: string): number {
  const at = parsePosition(position);
  const end = parsePosition(head);
  if (at === undefined || end === undefined) return 0;
  if (end <= 0n || at >= end) return 100;
  // Scale in big integers first: positions can exceed what a double holds exactly.
  return Number((at * 10_000n) / end) / 100;
}
