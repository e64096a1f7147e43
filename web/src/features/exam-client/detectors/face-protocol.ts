/** Messages between the page and the face detector's worker. */
export type ToFaceWorker =
  | { type: 'init'; modelUrl: string; minScore: number }
  | { type: 'frame'; frame: ImageBitmap; at: number }
  /** The camera's frames themselves (Chromium's MediaStreamTrackProcessor): no work per frame on the page. */
  | { type: 'frames'; frames: ReadableStream<VideoFrame>; everyMs: number };

export type FromFaceWorker =
  | { type: 'ready' }
  | { type: 'faces'; count: number; at: number; ms: number }
  | { type: 'error'; message: string };
