/** A single byte range of an object of `size` bytes, inclusive as in HTTP; null when unsatisfiable. */
export type ByteRange = { start: number; end: number } | null;

/**
 * Parses a Range header (RFC 9110 §14): `bytes=a-b`, `bytes=a-`, `bytes=-n`. Several ranges are answered
 * as the whole object (undefined), as many servers do; a malformed header is ignored (undefined) and an
 * unsatisfiable one is null (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/**
 * Playlists name their segments by relative URI; the player resolves them against the playlist's URL and
 * drops its query, which carries the signature. So each URI line gets the signature appended.
 */
export function signPlaylist(playlist: string, query: string): string {
  return playlist
    .split('\n')
    .map((line) => (line.trim() === '' || line.startsWith('#') ? line : `${line.trim()}?${query}`))
    .join('\n');
}
