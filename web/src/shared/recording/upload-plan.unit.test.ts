import { describe, expect, it } from 'vitest';
import type { ChunkRecord } from './chunk-record';
import {
  buildManifest,
  chunkName,
  chunksToUpload,
  IDLE_LIMIT_MS,
  isReadyToUpload,
  isSessionComplete,
  markFailed,
  markUploaded,
  PLAYLIST_EMPTY,
  UPLOAD_PARAMS_EMPTY,
  uploadProgress,
} from './upload-plan';

const NOW = 1_700_000_000_000;
const params = { endpoint: '/api/webinar-sessions/s1/upload', fields: { session_id: 's1' } };

function chunk(sequence: number, changes: Partial<ChunkRecord> = {}): ChunkRecord {
  return {
    id: `s1-${sequence}`,
    name: chunkName(sequence),
    blob: new Blob([new Uint8Array(10 * (sequence + 1))], { type: 'video/webm;codecs=vp8' }),
    params,
    session_id: 's1',
    is_closed: true,
    is_uploaded: false,
    is_upload_failed: false,
    failure_upload_attempts: 0,
    created_at: NOW - 60_000 + sequence * 5_000,
    updated_at: null,
    duration: 5,
    codec: 'vp8',
    ...changes,
  };
}

describe('which chunk goes next', () => {
  it('sends closed chunks and never-updated ones, holds a chunk still growing until it is idle', () => {
    const growing = chunk(1, { is_closed: false, updated_at: NOW - 1_000 });
    const idle = chunk(2, { is_closed: false, updated_at: NOW - IDLE_LIMIT_MS - 1 });
    const justIdleLimit = chunk(3, { is_closed: false, updated_at: NOW - IDLE_LIMIT_MS });
    expect(isReadyToUpload(chunk(0), NOW)).toBe(true);
    expect(isReadyToUpload(chunk(4, { is_closed: false }), NOW)).toBe(true);
    expect(isReadyToUpload(growing, NOW)).toBe(false);
    expect(isReadyToUpload(idle, NOW)).toBe(true);
    expect(isReadyToUpload(justIdleLimit, NOW)).toBe(false);
    expect(isReadyToUpload(chunk(5, { is_uploaded: true }), NOW)).toBe(false);
  });

  it('puts chunks that never failed first, then the least failed, each in recording order', () => {
    const list = [
      markFailed(markFailed(chunk(0))),
      chunk(3),
      markFailed(chunk(1)),
      chunk(2),
      markUploaded(chunk(4)),
    ];
    expect(chunksToUpload(list, NOW).map((c) => c.name)).toEqual([
      'chunk_00002.webm',
      'chunk_00003.webm',
      'chunk_00001.webm',
      'chunk_00000.webm',
    ]);
  });

  it('counts each failure on the chunk and clears the failed flag once it is stored', () => {
    const failedTwice = markFailed(markFailed(chunk(0)));
    expect(failedTwice).toMatchObject({ is_upload_failed: true, failure_upload_attempts: 2 });
    expect(markUploaded(failedTwice)).toMatchObject({
      is_uploaded: true,
      is_upload_failed: false,
      failure_upload_attempts: 2,
    });
  });
});

describe('the playlist', () => {
  it('lists the segments in recording order with their durations, 5 s when unknown', () => {
    const result = buildManifest([chunk(2), chunk(0, { duration: 4.2 }), chunk(1, { duration: 0 })]);
    expect(result).toEqual({
      ok: true,
      manifest: {
        type: 'video/webm',
        duration: 14.2,
        segments: [
          { filename: 'chunk_00000.webm', duration: 4.2 },
          { filename: 'chunk_00001.webm', duration: 5 },
          { filename: 'chunk_00002.webm', duration: 5 },
        ],
      },
    });
  });

  it("answers the specification's errors for no chunks and for chunks without upload params", () => {
    expect(buildManifest([])).toEqual({ ok: false, error: PLAYLIST_EMPTY });
    expect(buildManifest([chunk(0), chunk(1, { params: null })])).toEqual({
      ok: false,
      error: UPLOAD_PARAMS_EMPTY,
    });
  });

  it('is due once every chunk of the session is closed and stored', () => {
    expect(isSessionComplete([])).toBe(false);
    expect(isSessionComplete([markUploaded(chunk(0)), chunk(1)])).toBe(false);
    expect(isSessionComplete([markUploaded(chunk(0)), markUploaded(chunk(1, { is_closed: false }))])).toBe(
      false,
    );
    expect(isSessionComplete([markUploaded(chunk(0)), markUploaded(chunk(1))])).toBe(true);
  });

  it('reports progress as chunks stored of all, bytes waiting and failures', () => {
    expect(uploadProgress([markUploaded(chunk(0)), markFailed(chunk(1)), chunk(2)])).toEqual({
      uploaded: 1,
      total: 3,
      pendingBytes: 50,
      failed: 1,
    });
  });
});
