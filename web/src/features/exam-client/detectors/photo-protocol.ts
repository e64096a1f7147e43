/** Messages between the identification step and the photo's face counter (photo-worker.ts). */
export interface ToPhotoWorker {
  id: number;
  modelUrl: string;
  minScore: number;
  /** The photo as a JPEG data URL. */
  photo: string;
}

/** The faces found; null when they could not be counted (the model did not load). */
export type FromPhotoWorker = { id: number; faces: number } | { id: number; faces: null; message: string };
