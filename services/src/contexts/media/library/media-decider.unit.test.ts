import { MediaCreated } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import {
  decideMedia,
  evolveMedia,
  initialMediaState,
  type MediaCommand,
  type MediaEvent,
} from './media-decider';

const given = (events: MediaEvent[]) => events.reduce(evolveMedia, initialMediaState);
const when = (history: MediaEvent[], command: MediaCommand) => decideMedia(command, given(history));
const created = (type: string, id = 'm1'): Extract<MediaEvent, { type: 'MediaCreated' }> => ({
  type: 'MediaCreated',
  data: MediaCreated.schema.parse({ id, name: 'Урок 1', type, parent_id: null }),
});

describe('a media item', () => {
  it('is created; a video asks for its conversion at once', () => {
    const video = created('video');
    expect(when([], { type: 'create', data: video.data })).toEqual([
      video,
      { type: 'TranscodeRequested', data: { id: 'm1', attempt: 1, reason: 'uploaded' } },
    ]);
    const folder = created('folder');
    expect(when([], { type: 'create', data: folder.data })).toEqual([folder]);
    expect(when([folder], { type: 'create', data: folder.data })).toEqual([]);
  });

  it('is renamed and moved recording only what changed, never into itself', () => {
    const history = [created('folder')];
    const current = { name: 'Урок 1', parent_id: null };
    expect(
      when(history, {
        type: 'update',
        id: 'm1',
        changes: { name: 'Урок 2', parent_id: null },
        current,
        ancestors: [],
      }),
    ).toEqual([{ type: 'MediaUpdated', data: { id: 'm1', changes: { name: 'Урок 2' } } }]);
    expect(
      when(history, { type: 'update', id: 'm1', changes: { name: 'Урок 1' }, current, ancestors: [] }),
    ).toEqual([]);
    expect(() =>
      when(history, {
        type: 'update',
        id: 'm1',
        changes: { parent_id: 'f2' },
        current,
        ancestors: ['f2', 'm1'],
      }),
    ).toThrow(ValidationError);
  });

  it('is removed once; a removed item is not found', () => {
    const deleted: MediaEvent = { type: 'MediaDeleted', data: { id: 'm1' } };
    expect(when([created('image')], { type: 'delete', id: 'm1' })).toEqual([deleted]);
    expect(() => when([created('image'), deleted], { type: 'delete', id: 'm1' })).toThrow(NotFoundError);
  });

  it('converts a video again on retry, not while a conversion runs, and nothing else', () => {
    const requested: MediaEvent = {
      type: 'TranscodeRequested',
      data: { id: 'm1', attempt: 1, reason: 'uploaded' },
    };
    const failed: MediaEvent = { type: 'TranscodeFailed', data: { id: 'm1', attempt: 1, reason: 'x' } };
    expect(when([created('video'), requested], { type: 'retry', id: 'm1' })).toEqual([]);
    expect(when([created('video'), requested, failed], { type: 'retry', id: 'm1' })).toEqual([
      { type: 'TranscodeRequested', data: { id: 'm1', attempt: 2, reason: 'retry' } },
    ]);
    expect(when([created('image')], { type: 'retry', id: 'm1' })).toEqual([]);
  });

  it('is shared once, keeping its first token; a folder or a removed item is not', () => {
    const shared: MediaEvent = { type: 'MediaShared', data: { id: 'm1', token: 't1' } };
    expect(when([created('image')], { type: 'share', id: 'm1', token: 't1' })).toEqual([shared]);
    expect(when([created('image'), shared], { type: 'share', id: 'm1', token: 't2' })).toEqual([]);
    expect(() => when([created('folder')], { type: 'share', id: 'm1', token: 't1' })).toThrow(
      ValidationError,
    );
    const deleted: MediaEvent = { type: 'MediaDeleted', data: { id: 'm1' } };
    expect(() => when([created('image'), deleted], { type: 'share', id: 'm1', token: 't1' })).toThrow(
      NotFoundError,
    );
  });
});
