import { z } from 'zod';
import { namedObject } from './answers';

/**
 * The media context's own calls (docs/media.md): the library's files, the recording sessions and their
 * uploads, external recordings, retention. Entities are the ones the record collections answer.
 */
export const mediaItemObject = namedObject(
  'MediaItem',
  'A file or folder of the media library, with its signed src and preview_src (docs/media.md)',
);
export const recordingSessionObject = namedObject(
  'RecordingSession',
  'A recording session (webinar-session) of an attempt or a webinar, with its records (docs/media.md)',
);
export const recordingSummaryObject = namedObject(
  'RecordingSummary',
  "Whether an attempt's sessions have video, and their converted duration (docs/media.md)",
);
export const erasedRecordingsObject = namedObject(
  'ErasedRecording',
  'A recording session whose files were erased on request (docs/media.md, "Retention")',
);
export const mediaOverviewObject = namedObject(
  'MediaOverview',
  "The caller's library in figures: count, size, per type and per status (docs/media.md)",
);
export const externalRecordingObject = namedObject(
  'ExternalRecording',
  'An external recording link, attempt, session or state (docs/media.md, "External recordings")',
);

/** `POST /api/webinar-sessions/{id}/upload`: one chunk stored (or already there), or the manifest read. */
export const uploadAnswer = z.looseObject({
  entity: z.looseObject({ session_id: z.string(), name: z.string() }),
});

/** `POST /api/media/{id}/preview.json`: the preview's signed address, if there is one. */
export const previewAnswer = z.looseObject({ src: z.string().nullable() });

/** `GET`/`PUT /api/media-retention.json`: how many days the school keeps recordings (null: for ever). */
export const retentionAnswer = z.looseObject({
  entity: z.looseObject({ school_id: z.string(), days: z.number().int().nullable() }),
});
