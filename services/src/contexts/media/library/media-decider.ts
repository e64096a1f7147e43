import type { MediaCreatedData } from '@sabaq/events';
import { NotFoundError, ValidationError } from '../../../platform/errors';

export interface MediaState {
  exists: boolean;
  deleted: boolean;
  type: string | null;
  attempt: number;
  converting: boolean;
  /** The lasting link's token once the file is shared (docs/media.md: lasting links). */
  shareToken: string | null;
}

export const initialMediaState: MediaState = {
  exists: false,
  deleted: false,
  type: null,
  attempt: 0,
  converting: false,
  shareToken: null,
};

export interface MediaChanges {
  name?: string;
  description?: string | null;
  parent_id?: string | null;
}

export type MediaCommand =
  | { type: 'create'; data: MediaCreatedData }
  /** `ancestors`: the target folder and the folders above it, looked up by the handler. */
  | { type: 'update'; id: string; changes: MediaChanges; current: MediaChanges; ancestors: string[] }
  | { type: 'delete'; id: string }
  | { type: 'retry'; id: string }
  /** `token`: a fresh random token, used only if the file is not shared yet. */
  | { type: 'share'; id: string; token: string };

export type MediaEvent =
  | { type: 'MediaCreated'; data: MediaCreatedData }
  | { type: 'MediaUpdated'; data: { id: string; changes: MediaChanges } }
  | { type: 'MediaDeleted'; data: { id: string } }
  | { type: 'MediaShared'; data: { id: string; token: string } }
  | { type: 'TranscodeRequested'; data: { id: string; attempt: number; reason: 'uploaded' | 'retry' } }
  | { type: 'TranscodeProgressed'; data: { id: string; attempt: number; percent: number } }
  | { type: 'TranscodeSucceeded'; data: { id: string; attempt: number } & Record<string, unknown> }
  | { type: 'TranscodeFailed'; data: { id: string; attempt: number; reason: string } };

/**
 * A media library item: created with its file (a video asks for its conversion at once), renamed, moved
 * between folders (never into itself or below itself), removed. Only the fields that change are recorded.
 */
export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  if (command.type === 'create') {
    if (state.exists) return [];
    const created: MediaEvent = { type: 'MediaCreated', data: command.data };
    return command.data.type === 'video'
      ? [
          created,
          { type: 'TranscodeRequested', data: { id: command.data.id, attempt: 1, reason: 'uploaded' } },
        ]
      : [created];
  }
  if (!state.exists || state.deleted) throw new NotFoundError(`No media record ${command.id}`);
  switch (command.type) {
    case 'update': {
      if (command.changes.parent_id && command.ancestors.includes(command.id)) {
        throw new ValidationError('A folder cannot go into itself', {
          parent_id: ['Нельзя переместить папку в саму себя'],
        });
      }
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([field, value]) => value !== undefined && value !== command.current[field as keyof MediaChanges],
        ),
      );
      return Object.keys(changes).length ? [{ type: 'MediaUpdated', data: { id: command.id, changes } }] : [];
    }
    case 'delete':
      return [{ type: 'MediaDeleted', data: { id: command.id } }];
    case 'share':
      // Shared once: choosing it again keeps the link already stored in covers and lessons.
      if (state.type === 'folder') {
        throw new ValidationError('A folder cannot be shared', { id: ['Папку нельзя выбрать'] });
      }
      if (state.shareToken) return [];
      return [{ type: 'MediaShared', data: { id: command.id, token: command.token } }];
    case 'retry':
      if (state.type !== 'video' || state.converting) return [];
      return [
        { type: 'TranscodeRequested', data: { id: command.id, attempt: state.attempt + 1, reason: 'retry' } },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaCreated':
      return { ...state, exists: true, type: event.data.type };
    case 'MediaUpdated':
      return state;
    case 'MediaDeleted':
      return { ...state, deleted: true };
    case 'MediaShared':
      return { ...state, shareToken: event.data.token };
    case 'TranscodeRequested':
      return { ...state, attempt: event.data.attempt, converting: true };
    case 'TranscodeProgressed':
      return state;
    case 'TranscodeSucceeded':
    case 'TranscodeFailed':
      return event.data.attempt === state.attempt ? { ...state, converting: false } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export const mediaDecider = { initialState: initialMediaState, decide: decideMedia, evolve: evolveMedia };
