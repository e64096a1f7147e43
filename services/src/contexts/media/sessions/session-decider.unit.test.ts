import { webinarSessionSchema } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { ConflictError } from '../../../platform/errors';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  type SessionCommand,
  type SessionEvent,
} from './session-decider';

const given = (events: SessionEvent[]) => events.reduce(evolveSession, initialSessionState);
const when = (history: SessionEvent[], command: SessionCommand) => decideSession(command, given(history));

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const started: SessionEvent = {
  type: 'WebinarSessionStarted',
  data: { ...webinarSessionSchema.parse({ session_type: 'main-camera' }), id: 's1', user_id: 'u1' },
};
const chunk = (name: string, sha256 = A, replaced = false): SessionEvent => ({
  type: 'RecordingChunkStored',
  data: { id: 's1', name, sha256, size: 10, key: `k/${name}`, replaced },
});
const store = (name: string, sha256 = A): SessionCommand => ({
  type: 'store-chunk',
  id: 's1',
  name,
  sha256,
  size: 10,
  key: `k/${name}`,
});
const manifest = (...names: string[]) => ({
  type: 'video/webm',
  duration: names.length * 5,
  segments: names.map((filename) => ({ filename, duration: 5 })),
});
const received = (...names: string[]): SessionEvent => ({
  type: 'RecordingManifestReceived',
  data: { ...manifest(...names), id: 's1' },
});
const requested = (attempt: number): SessionEvent => ({
  type: 'TranscodeRequested',
  data: { id: 's1', attempt, reason: attempt === 1 ? 'uploaded' : 'retry' },
});
const failed = (attempt: number): SessionEvent => ({
  type: 'TranscodeFailed',
  data: { id: 's1', attempt, reason: 'Chunk 2.webm is not readable' },
});

describe('a recording session', () => {
  it('starts once for its student', () => {
    const data = webinarSessionSchema.parse({ session_type: 'screen' });
    expect(when([], { type: 'start', id: 's1', userId: 'u1', data })).toEqual([
      { type: 'WebinarSessionStarted', data: { ...data, id: 's1', user_id: 'u1' } },
    ]);
    expect(when([started], { type: 'start', id: 's1', userId: 'u1', data })).toEqual([]);
  });

  it('stores chunks in any order; the same chunk again is a no-op', () => {
    expect(when([started], store('2.webm'))).toEqual([chunk('2.webm')]);
    expect(when([started, chunk('2.webm')], store('1.webm'))).toEqual([chunk('1.webm')]);
    expect(when([started, chunk('2.webm')], store('2.webm'))).toEqual([]);
  });

  it('refuses other bytes under a used name with a conflict', () => {
    expect(() => when([started, chunk('1.webm')], store('1.webm', B))).toThrow(ConflictError);
  });

  it('accepts a playlist whose chunks are all stored, and asks for the first conversion', () => {
    const events = when([started, chunk('1.webm'), chunk('2.webm')], {
      type: 'receive-manifest',
      id: 's1',
      manifest: manifest('1.webm', '2.webm'),
    });
    expect(events).toEqual([received('1.webm', '2.webm'), requested(1)]);
  });

  it('names the missing chunks, and refuses an empty playlist with the specification text', () => {
    const history = [started, chunk('1.webm')];
    try {
      when(history, { type: 'receive-manifest', id: 's1', manifest: manifest('1.webm', '2.webm', '3.webm') });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({
        segments: ['Chunk 2.webm is missing', 'Chunk 3.webm is missing'],
      });
    }
    expect(() => when(history, { type: 'receive-manifest', id: 's1', manifest: manifest() })).toThrow(
      'Playlist is empty',
    );
  });

  it('takes the same playlist twice once', () => {
    const history = [started, chunk('1.webm'), received('1.webm'), requested(1)];
    expect(when(history, { type: 'receive-manifest', id: 's1', manifest: manifest('1.webm') })).toEqual([]);
  });

  it('after a failed conversion lets a chunk be replaced and converts again on retry', () => {
    const history = [started, chunk('1.webm'), received('1.webm'), requested(1), failed(1)];
    expect(when(history, store('1.webm', B))).toEqual([chunk('1.webm', B, true)]);
    expect(when(history, { type: 'retry', id: 's1' })).toEqual([requested(2)]);
  });

  it('does not start a second conversion while one runs; a late result of an older attempt changes nothing', () => {
    const converting = [started, chunk('1.webm'), received('1.webm'), requested(1)];
    expect(when(converting, { type: 'retry', id: 's1' })).toEqual([]);
    const state = given([...converting, failed(1), requested(2), failed(1)]);
    expect(state).toMatchObject({ converting: true, attempt: 2, state: null });
  });

  it('cannot be retried without a playlist', () => {
    expect(() => when([started], { type: 'retry', id: 's1' })).toThrow('Playlist is empty');
  });

  it('is erased once, after which uploads are refused; unknown or deleted sessions are not found', () => {
    const erased: SessionEvent = {
      type: 'RecordingErased',
      data: { id: 's1', objects: 3, reason: 'request' },
    };
    expect(when([started], { type: 'erase', id: 's1', objects: 3, reason: 'request' })).toEqual([erased]);
    expect(when([started, erased], { type: 'erase', id: 's1', objects: 0, reason: 'again' })).toEqual([]);
    expect(() => when([started, erased], store('1.webm'))).toThrow(ConflictError);
    expect(() => when([], store('1.webm'))).toThrow(NotFoundError);
    const deleted: SessionEvent = { type: 'WebinarSessionDeleted', data: { id: 's1' } };
    expect(() => when([started, deleted], { type: 'delete', id: 's1' })).toThrow(NotFoundError);
  });
});
