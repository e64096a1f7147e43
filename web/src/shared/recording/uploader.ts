import { request } from '../api';
import type { ChunkRecord, PlaylistManifest } from './chunk-record';
import { chunkStore } from './chunk-store';
import {
  buildManifest,
  chunksToUpload,
  isSessionComplete,
  markFailed,
  markUploaded,
  UPLOAD_INTERVAL_MS,
  uploadProgress,
} from './upload-plan';

export type UploadProgress = ReturnType<typeof uploadProgress> & { lastError: string | null };

type Listener = (progress: UploadProgress) => void;

/** Sessions still recording in this tab: their playlist waits for the recorder to stop. */
const recording = new Set<string>();
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<void> | undefined;
let lastError: string | null = null;

/** Posts one file to the session's endpoint: the signed fields instead of the Authorization header. */
async function post(params: NonNullable<ChunkRecord['params']>, name: string, file: Blob): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(params.fields)) form.append(key, value);
  form.append('file', file, name);
  await request(params.endpoint, { method: 'POST', body: form, anonymous: true, timeoutMs: 120_000 });
}

async function sendManifest(chunks: ChunkRecord[]): Promise<void> {
  const built = buildManifest(chunks);
  if (!built.ok) throw new Error(built.error);
  const manifest: PlaylistManifest = built.manifest;
  const file = new Blob([JSON.stringify(manifest)], { type: 'application/json' });
  await post(chunks[0]!.params!, 'manifest.json', file);
  await chunkStore.removeSession(chunks[0]!.session_id);
}

async function notify(): Promise<void> {
  const progress = { ...uploadProgress(await chunkStore.all()), lastError };
  for (const listener of listeners) listener(progress);
}

/**
 * One round (specification 001 §9): every chunk that is due, not-yet-failed first; a failure marks the
 * chunk and moves on. Then each session whose recording ended and whose chunks are all stored gets its
 * playlist, also sessions a closed tab left behind.
 */
async function round(): Promise<void> {
  for (const chunk of chunksToUpload(await chunkStore.all(), Date.now())) {
    try {
      if (!chunk.params) throw new Error('Video upload params is empty');
      await post(chunk.params, chunk.name, chunk.blob);
      await chunkStore.put(markUploaded(chunk));
      lastError = null;
    } catch (error) {
      await chunkStore.put(markFailed(chunk));
      lastError = error instanceof Error ? error.message : String(error);
    }
    await notify();
  }
  const bySession = new Map<string, ChunkRecord[]>();
  for (const c of await chunkStore.all())
    bySession.set(c.session_id, [...(bySession.get(c.session_id) ?? []), c]);
  for (const [session, chunks] of bySession) {
    if (recording.has(session) || !isSessionComplete(chunks)) continue;
    try {
      await sendManifest(chunks);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  await notify();
}

/** Runs a round now unless one is under way; resolves when it is done. */
export function uploadNow(): Promise<void> {
  running ??= round().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Starts the page's uploader (once): a round every 10 s for as long as the app is open, so chunks a
 * reload left in the database go as soon as the student is back.
 */
export function startUploader(): void {
  if (timer) return;
  timer = setInterval(() => void uploadNow(), UPLOAD_INTERVAL_MS);
  void uploadNow();
}

export function markRecording(sessionId: string, active: boolean): void {
  if (active) recording.add(sessionId);
  else recording.delete(sessionId);
}

export function onUploadProgress(listener: Listener): () => void {
  listeners.add(listener);
  void notify();
  return () => listeners.delete(listener);
}
