import type { Manifest, WebinarSessionFields } from '@sabaq/events';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { ConflictError } from '../../../platform/errors';

export interface StoredChunk {
  sha256: string;
  size: number;
  key: string;
}

/** One recording session, folded from its stream. */
export interface SessionState {
  exists: boolean;
  deleted: boolean;
  erased: boolean;
  userId: string | null;
  chunks: Record<string, StoredChunk>;
  manifest: Manifest | null;
  /** The last conversion asked for; 0 before the first. */
  attempt: number;
  converting: boolean;
  state: 'converted' | 'failure' | null;
}

export const initialSessionState: SessionState = {
  exists: false,
  deleted: false,
  erased: false,
  userId: null,
  chunks: {},
  manifest: null,
  attempt: 0,
  converting: false,
  state: null,
};

export type SessionCommand =
  | { type: 'start'; id: string; userId: string; data: WebinarSessionFields }
  | { type: 'delete'; id: string }
  | { type: 'store-chunk'; id: string; name: string; sha256: string; size: number; key: string }
  | { type: 'receive-manifest'; id: string; manifest: Manifest }
  | { type: 'retry'; id: string }
  | { type: 'erase'; id: string; objects: number; reason: string };

export type SessionEvent =
  | { type: 'WebinarSessionStarted'; data: WebinarSessionFields & { id: string; user_id: string } }
  | { type: 'WebinarSessionDeleted'; data: { id: string } }
  | {
      type: 'RecordingChunkStored';
      data: { id: string; name: string; sha256: string; size: number; key: string; replaced: boolean };
    }
  | { type: 'RecordingManifestReceived'; data: Manifest & { id: string } }
  | { type: 'RecordingErased'; data: { id: string; objects: number; reason: string } }
  | { type: 'TranscodeRequested'; data: { id: string; attempt: number; reason: 'uploaded' | 'retry' } }
  | { type: 'TranscodeProgressed'; data: { id: string; attempt: number; percent: number } }
  | { type: 'TranscodeSucceeded'; data: { id: string; attempt: number } & Record<string, unknown> }
  | { type: 'TranscodeFailed'; data: { id: string; attempt: number; reason: string } };

export const PLAYLIST_EMPTY = 'Playlist is empty';

const sameManifest = (a: Manifest, b: Manifest) => JSON.stringify(a.segments) === JSON.stringify(b.segments);

/** Chunks may be replaced only after a failed conversion: before that, other bytes under a name are a mistake. */
const replaceable = (state: SessionState) => state.state === 'failure';

function live(state: SessionState, id: string): void {
  if (!state.exists || state.deleted) throw new NotFoundError(`No webinar-sessions record ${id}`);
  if (state.erased) throw new ConflictError('The recording was erased');
}

/**
 * Decides a recording session. Uploads are idempotent per chunk: the same name with the same bytes is a
 * no-op, other bytes under a used name are a conflict unless the last conversion failed (re-uploading a
 * broken chunk is how a student repairs a recording). A playlist is accepted only when every chunk it
 * names is stored, and asks for a conversion.
 */
export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'start':
      if (state.exists) return [];
      return [
        { type: 'WebinarSessionStarted', data: { ...command.data, id: command.id, user_id: command.userId } },
      ];
    case 'delete':
      if (!state.exists || state.deleted) throw new NotFoundError(`No webinar-sessions record ${command.id}`);
      return [{ type: 'WebinarSessionDeleted', data: { id: command.id } }];
    case 'store-chunk': {
      live(state, command.id);
      const known = state.chunks[command.name];
      if (known?.sha256 === command.sha256) return [];
      if (known && !replaceable(state)) {
        throw new ConflictError(`Chunk ${command.name} was already uploaded with other content`, {
          file: [`Chunk ${command.name} was already uploaded with other content`],
        });
      }
      if (!known && state.manifest !== null && !replaceable(state)) {
        throw new ConflictError('The recording is already complete');
      }
      const { name, sha256, size, key } = command;
      return [
        {
          type: 'RecordingChunkStored',
          data: { id: command.id, name, sha256, size, key, replaced: !!known },
        },
      ];
    }
    case 'receive-manifest': {
      live(state, command.id);
      const { manifest } = command;
      if (manifest.segments.length === 0) {
        throw new ValidationError(PLAYLIST_EMPTY, { segments: [PLAYLIST_EMPTY] });
      }
      const missing = [...new Set(manifest.segments.map((s) => s.filename))].filter((n) => !state.chunks[n]);
      if (missing.length > 0) {
        throw new ValidationError(`Missing chunks: ${missing.slice(0, 20).join(', ')}`, {
          segments: missing.map((name) => `Chunk ${name} is missing`),
        });
      }
      if (state.manifest && sameManifest(state.manifest, manifest) && state.state !== 'failure') return [];
      if (state.manifest && state.state !== 'failure') {
        throw new ConflictError('The recording already has another playlist');
      }
      return [
        { type: 'RecordingManifestReceived', data: { ...manifest, id: command.id } },
        {
          type: 'TranscodeRequested',
          data: { id: command.id, attempt: state.attempt + 1, reason: 'uploaded' },
        },
      ];
    }
    case 'retry':
      live(state, command.id);
      if (!state.manifest) {
        throw new ValidationError(PLAYLIST_EMPTY, { segments: [PLAYLIST_EMPTY] });
      }
      if (state.converting) return [];
      return [
        { type: 'TranscodeRequested', data: { id: command.id, attempt: state.attempt + 1, reason: 'retry' } },
      ];
    case 'erase':
      if (!state.exists) throw new NotFoundError(`No webinar-sessions record ${command.id}`);
      if (state.erased) return [];
      return [
        {
          type: 'RecordingErased',
          data: { id: command.id, objects: command.objects, reason: command.reason },
        },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'WebinarSessionStarted':
      return { ...state, exists: true, userId: event.data.user_id };
    case 'WebinarSessionDeleted':
      return { ...state, deleted: true };
    case 'RecordingChunkStored': {
      const { name, sha256, size, key } = event.data;
      return { ...state, chunks: { ...state.chunks, [name]: { sha256, size, key } } };
    }
    case 'RecordingManifestReceived': {
      const { type, duration, segments } = event.data;
      return { ...state, manifest: { type, duration, segments } };
    }
    case 'RecordingErased':
      return { ...state, erased: true, converting: false };
    case 'TranscodeRequested':
      return { ...state, attempt: event.data.attempt, converting: true, state: null };
    case 'TranscodeProgressed':
      return state;
    case 'TranscodeSucceeded':
      // A late result of an older attempt changes nothing: only the last one asked for counts.
      return event.data.attempt === state.attempt
        ? { ...state, converting: false, state: 'converted' }
        : state;
    case 'TranscodeFailed':
      return event.data.attempt === state.attempt ? { ...state, converting: false, state: 'failure' } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export const sessionDecider = {
  initialState: initialSessionState,
  decide: decideSession,
  evolve: evolveSession,
};
