import type { ChunkRecord, UploadParams } from './chunk-record';
import { chunkStore } from './chunk-store';
import { chunkName } from './upload-plan';
import { markRecording, uploadNow } from './uploader';

/** Specification: MediaRecorder pieces of 5 s, each stored as it comes. */
export const TIMESLICE_MS = 5_000;

const CODECS = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp8', 'video/webm'];

export interface ChunkRecorder {
  /** Stops the recorder; resolves once its last piece is in the database. */
  stop(): Promise<void>;
}

/**
 * Records a stream into IndexedDB: every timeslice's blob becomes a closed chunk of the session. The
 * first piece carries the WebM header; the server joins a MediaRecorder session's pieces as bytes.
 */
export function recordToChunks(stream: MediaStream, sessionId: string, params: UploadParams): ChunkRecorder {
  const mimeType = CODECS.find((c) => MediaRecorder.isTypeSupported(c)) ?? '';
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
  const codec = (/codecs=([^;]+)/.exec(recorder.mimeType)?.[1] ?? 'vp8').trim();
  let sequence = 0;
  let pieceStarted = Date.now();
  let writes = Promise.resolve();
  markRecording(sessionId, true);

  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    const now = Date.now();
    const chunk: ChunkRecord = {
      id: `${sessionId}-${String(sequence).padStart(5, '0')}`,
      name: chunkName(sequence),
      blob: event.data,
      params,
      session_id: sessionId,
      is_closed: true,
      is_uploaded: false,
      is_upload_failed: false,
      failure_upload_attempts: 0,
      created_at: now,
      updated_at: null,
      duration: Math.round((now - pieceStarted) / 100) / 10,
      codec,
    };
    sequence += 1;
    pieceStarted = now;
    writes = writes.then(() => chunkStore.put(chunk)).catch(() => undefined);
  };
  recorder.start(TIMESLICE_MS);

  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (recorder.state === 'inactive') return resolve();
        recorder.onstop = () => {
          void writes.then(() => {
            markRecording(sessionId, false);
            void uploadNow();
            resolve();
          });
        };
        recorder.stop();
      }),
  };
}
