import { describe, expect, it } from 'vitest';
import { manifestOfPieces, MAX_PIECE_BYTES, PIECE_BYTES, planPieces } from './file-pieces';
import { linkState } from './link-state';
import { ApiError } from '../../../shared/api/api-error';
import type { ExternalLink } from '../api/external-api';

describe('a recording file in pieces', () => {
  it('goes whole up to 64 MiB, whatever the container, with its duration', () => {
    expect(planPieces(10_000, 'video/mp4', 12.5)).toEqual({
      ok: true,
      pieces: [{ name: 'chunk_00000.mp4', start: 0, end: 10_000, duration: 12.5 }],
    });
  });

  it('a bigger WebM in 32 MiB pieces, the duration spread over the bytes; a bigger MP4 is refused', () => {
    const size = MAX_PIECE_BYTES + 1000;
    const plan = planPieces(size, 'video/webm;codecs=vp8', 100);
    expect(plan.ok && plan.pieces.map((p) => [p.name, p.end - p.start])).toEqual([
      ['chunk_00000.webm', PIECE_BYTES],
      ['chunk_00001.webm', PIECE_BYTES],
      ['chunk_00002.webm', 1000],
    ]);
    expect(plan.ok && plan.pieces.reduce((s, p) => s + p.duration, 0)).toBeCloseTo(100, 2);
    expect(planPieces(size, 'video/mp4', 100)).toEqual({ ok: false, error: 'too-big' });
    expect(planPieces(0, 'video/webm', null)).toEqual({ ok: false, error: 'empty' });
  });

  it('counts 5 s a piece when the file does not say how long it is (MediaRecorder WebM)', () => {
    const plan = planPieces(1000, 'video/webm', Number.POSITIVE_INFINITY);
    expect(plan.ok && manifestOfPieces('video/webm;codecs=vp8', plan.pieces)).toEqual({
      type: 'video/webm',
      duration: 5,
      segments: [{ filename: 'chunk_00000.webm', duration: 5 }],
    });
  });
});

describe('what the phone page shows for its link', () => {
  const link = (changes: Partial<ExternalLink> = {}): ExternalLink => ({
    purpose: 'camera',
    expires_at: '2026-11-24T12:00:00Z',
    assignment_attempt_id: 'a1',
    assignment: { id: 'x', name: 'Экзамен' },
    student: { firstname: 'Айгерим' },
    attempt: { status: 'active', ends_at: null },
    settings: { second_camera_record: true, microphone_record: false, heartbeat_seconds: 10 },
    sessions: [],
    ...changes,
  });
  const refused = (status: number, errors: Record<string, string[]>, message = 'x') =>
    new ApiError('http', message, status, status, errors);

  it('the link, the end of the exam, a camera not asked for, another page', () => {
    expect(linkState('camera', link(), null).kind).toBe('ready');
    expect(linkState('camera', link({ attempt: { status: 'finished', ends_at: null } }), null).kind).toBe(
      'finished',
    );
    expect(
      linkState('upload', link({ purpose: 'upload', attempt: { status: 'finished', ends_at: null } }), null)
        .kind,
    ).toBe('ready');
    const noCamera = link({
      settings: { second_camera_record: false, microphone_record: false, heartbeat_seconds: 10 },
    });
    expect(linkState('camera', noCamera, null).kind).toBe('not-needed');
    expect(linkState('upload', link(), null).kind).toBe('wrong-page');
    expect(linkState('camera', undefined, null).kind).toBe('loading');
  });

  it('an expired link told from an invalid one, and no answer at all', () => {
    expect(linkState('camera', undefined, refused(410, { token: ['Срок действия ссылки истёк'] })).kind).toBe(
      'expired',
    );
    expect(linkState('camera', undefined, refused(404, { token: ['Ссылка недействительна'] })).kind).toBe(
      'invalid',
    );
    expect(linkState('camera', undefined, new ApiError('network', 'offline')).kind).toBe('unreachable');
  });
});
