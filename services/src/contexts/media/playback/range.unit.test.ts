import { describe, expect, it } from 'vitest';
import { parseRange, signPlaylist } from './range';

describe('byte ranges', () => {
  it('reads the single-range forms', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('ignores what it does not understand and refuses what cannot be served', () => {
    expect(parseRange(undefined, 1000)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=1000-', 1000)).toBeNull();
    expect(parseRange('bytes=5-2', 1000)).toBeNull();
    expect(parseRange('bytes=-0', 1000)).toBeNull();
  });
});

describe('signed playlists', () => {
  it('carry the signature on every URI and leave tags alone', () => {
    const playlist = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000\n0/index.m3u8\n\n#EXT-X-ENDLIST';
    expect(signPlaylist(playlist, 'expires=1&signature=x')).toBe(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000\n0/index.m3u8?expires=1&signature=x\n\n#EXT-X-ENDLIST',
    );
  });
});
