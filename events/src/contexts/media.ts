import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';

/**
 * Recordings and media. Streams:
 * - `webinar_session-<id>`: one recording session of one student (main camera, screen or second camera):
 *   its chunks as they arrive in object storage, the playlist manifest, transcoding and erasure;
 * - `media-<id>`: one item of a media library (a folder or a file; a video file is transcoded as well).
 * Transcoding events (requested, progressed, succeeded, failed) are shared by both and name the stream
 * they belong to through the stream itself; `attempt` numbers the conversions of one target.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ожидаются латинские буквы, цифры, "-" или "_"');
const nullableId = id.nullable().default(null);
const key = z.string().min(1).max(512);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

// ---------------------------------------------------------------- vocabulary (specification 001 §3, §4)

export const SESSION_TYPES = ['main-camera', 'screen', 'second-camera'] as const;
export const SESSION_KINDS = ['streaming', 'recording'] as const;
export const SESSION_STATUSES = ['started', 'finished'] as const;
export const SESSION_STATES = ['converted', 'failure'] as const;
/** Media status (specification 000 §4). */
export const MEDIA_STATUSES = ['undefined', 'in_process', 'ready', 'failure'] as const;
/** Chunk and manifest file names: what MediaRecorder-based uploaders name them, nothing path-like. */
export const CHUNK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const MANIFEST_NAME = 'manifest.json';

export type SessionType = (typeof SESSION_TYPES)[number];
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** What a student sends to open a session (the assignment and attempt are ours: the spec shows no link). */
export const webinarSessionSchema = z.object({
  webinar_id: nullableId,
  /** The browser's own id of the recording (the spec's session_id). */
  session_id: z.string().max(128).nullable().default(null),
  assignment_id: nullableId,
  assignment_attempt_id: nullableId,
  session_type: z.enum(SESSION_TYPES),
  session_kind: z.enum(SESSION_KINDS).default('recording'),
  is_should_analyze: z.boolean().default(false),
  use_modules: z.array(z.string().min(1).max(64)).max(32).default([]),
});
export type WebinarSessionInput = z.input<typeof webinarSessionSchema>;
export type WebinarSessionFields = z.infer<typeof webinarSessionSchema>;

/** The playlist the browser uploads last as manifest.json (specification 001 §3). */
export const manifestSegmentSchema = z.object({
  filename: z.string().regex(CHUNK_NAME, 'Недопустимое имя файла'),
  duration: z.number().min(0).max(86_400),
});
export const manifestSchema = z.object({
  type: z.string().max(64).nullable().default(null),
  duration: z.number().min(0).max(86_400).nullable().default(null),
  segments: z.array(manifestSegmentSchema).max(20_000),
});
export type Manifest = z.infer<typeof manifestSchema>;

// ---------------------------------------------------------------- webinar sessions

export const WebinarSessionStarted = defineEvent({
  type: 'WebinarSessionStarted',
  version: 1,
  schema: webinarSessionSchema.extend({ id, user_id: id }),
});
export const WebinarSessionDeleted = defineEvent({
  type: 'WebinarSessionDeleted',
  version: 1,
  schema: z.object({ id }),
});
/** A chunk is in object storage under `key`; a replacement (allowed after a failed conversion) says so. */
export const RecordingChunkStored = defineEvent({
  type: 'RecordingChunkStored',
  version: 1,
  schema: z.object({
    id,
    name: z.string().regex(CHUNK_NAME),
    sha256,
    size: z.int().min(0),
    key,
    replaced: z.boolean().default(false),
  }),
});
/** The playlist arrived and every chunk it names is stored: the session is finished. */
export const RecordingManifestReceived = defineEvent({
  type: 'RecordingManifestReceived',
  version: 1,
  schema: manifestSchema.extend({ id }),
});
/** The recording's objects (chunks, renditions, thumbnails) were removed; the session stays as a tombstone. */
export const RecordingErased = defineEvent({
  type: 'RecordingErased',
  version: 1,
  schema: z.object({ id, objects: z.int().min(0), reason: z.string().max(500) }),
});

// ---------------------------------------------------------------- transcoding (sessions and media)

const attempt = z.int().min(1).max(1000);
export const TranscodeRequested = defineEvent({
  type: 'TranscodeRequested',
  version: 1,
  schema: z.object({ id, attempt, reason: z.enum(['uploaded', 'retry']) }),
});
export const TranscodeProgressed = defineEvent({
  type: 'TranscodeProgressed',
  version: 1,
  schema: z.object({ id, attempt, percent: z.number().min(0).max(100) }),
});
export const renditionSchema = z.object({
  name: z.string().max(32),
  width: z.int().min(1),
  height: z.int().min(1),
  bandwidth: z.int().min(0),
});
export const TranscodeSucceeded = defineEvent({
  type: 'TranscodeSucceeded',
  version: 1,
  schema: z.object({
    id,
    attempt,
    /** Object keys under the recording's prefix: the master playlist and the thumbnail. */
    playlist_key: key,
    thumb_key: key.nullable(),
    duration: z.number().min(0),
    size: z.int().min(0),
    renditions: z.array(renditionSchema).max(8),
  }),
});
export const TranscodeFailed = defineEvent({
  type: 'TranscodeFailed',
  version: 1,
  schema: z.object({ id, attempt, reason: z.string().min(1).max(2000) }),
});

// ---------------------------------------------------------------- media library

export const mediaChangesSchema = z.object({
  name: z.string().trim().min(1, 'Введите название').max(255).optional(),
  description: z.string().max(5000).nullable().optional(),
  parent_id: id.nullable().optional(),
});
export const MediaCreated = defineEvent({
  type: 'MediaCreated',
  version: 1,
  schema: z.object({
    id,
    parent_id: nullableId,
    name: z.string().trim().min(1).max(255),
    description: z.string().max(5000).nullable().default(null),
    /** 'folder', or the file's kind: video, image, audio, document, other. */
    type: z.string().min(1).max(32),
    file_name: z.string().max(255).nullable().default(null),
    file_size: z.int().min(0).nullable().default(null),
    mime_type: z.string().max(255).nullable().default(null),
    key: key.nullable().default(null),
  }),
});
export const MediaUpdated = defineEvent({
  type: 'MediaUpdated',
  version: 1,
  schema: z.object({ id, changes: mediaChangesSchema }),
});
export const MediaDeleted = defineEvent({ type: 'MediaDeleted', version: 1, schema: z.object({ id }) });
/**
 * The owner chose the file for something others see (a course cover, a lesson's material, an avatar):
 * anyone of the school may open it, and `token` (random, unguessable) names its lasting link.
 */
export const MediaShared = defineEvent({
  type: 'MediaShared',
  version: 1,
  schema: z.object({ id, token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/) }),
});

// ---------------------------------------------------------------- retention

/** How long a school keeps recordings; null: until erased by hand. Stream `media_retention-<schoolId>`. */
export const RecordingRetentionSet = defineEvent({
  type: 'RecordingRetentionSet',
  version: 1,
  schema: z.object({ school_id: id, days: z.int().min(1).max(3650).nullable() }),
});

export type WebinarSessionStartedData = z.infer<typeof WebinarSessionStarted.schema>;
export type RecordingChunkStoredData = z.infer<typeof RecordingChunkStored.schema>;
export type RecordingManifestReceivedData = z.infer<typeof RecordingManifestReceived.schema>;
export type TranscodeSucceededData = z.infer<typeof TranscodeSucceeded.schema>;
export type MediaCreatedData = z.infer<typeof MediaCreated.schema>;

export const mediaContract = defineContract({
  context: 'media',
  categories: ['webinar_session', 'media', 'media_retention'],
  events: [
    WebinarSessionStarted,
    WebinarSessionDeleted,
    RecordingChunkStored,
    RecordingManifestReceived,
    RecordingErased,
    TranscodeRequested,
    TranscodeProgressed,
    TranscodeSucceeded,
    TranscodeFailed,
    MediaCreated,
    MediaUpdated,
    MediaDeleted,
    MediaShared,
    RecordingRetentionSet,
  ],
});
