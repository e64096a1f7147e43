import { uuidV5 } from '../../platform/ids';

/** Ids derived from what they identify, so a retried upload or job lands on the same event id. */
export const derive = (...parts: string[]) => uuidV5(parts.join('\u001f'));

export const sessionStream = (id: string) => `webinar_session-${id}`;
export const mediaStream = (id: string) => `media-${id}`;

/** A conversion of a target (a session or a media item): one job, one webinar record. */
export const jobId = (stream: string, attempt: number) => derive('transcode', stream, String(attempt));

/** Object keys: everything of a recording under one prefix, so erasing it is one listing. */
export const recordingPrefix = (sessionId: string) => `recordings/${sessionId}/`;
export const mediaPrefix = (mediaId: string) => `media/${mediaId}/`;
export const chunkKey = (sessionId: string, name: string, sha256: string) =>
  `${recordingPrefix(sessionId)}chunks/${sha256.slice(0, 16)}-${name}`;
export const outputPrefix = (targetPrefix: string, attempt: number) => `${targetPrefix}hls/${attempt}/`;
