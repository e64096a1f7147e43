/** Messages between the page and the face detector's worker. */
export type ToFaceWorker =
  { type: 'init'; modelUrl: string; minScore: number } | { type: 'frame'; frame: ImageBitmap; at: number };

export type FromFaceWorker =
  | { type: 'ready' }
  | { type: 'faces'; count: number; at: number; ms: number }
  | { type: 'error'; message: string };
