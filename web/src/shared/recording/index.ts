/**
 * The recording, as other pages use it (the phone's second camera and the upload page,
 * features/external-session): MediaRecorder into IndexedDB 'VideoChunksDb' and the one uploader, so
 * every page records and sends the same way.
 */
export type { ChunkRecord, UploadParams } from './chunk-record';
export { chunkStore } from './chunk-store';
export { recordToChunks, type ChunkRecorder } from './recorder';
export { chunkName, DEFAULT_SEGMENT_SECONDS } from './upload-plan';
export { onUploadProgress, startUploader, uploadNow, type UploadProgress } from './uploader';
