/** Messages between the page and the face detector's worker. */

/** The checks beside face counting, each with its own models, loaded only when the settings enable it. */
export type CameraCheck = 'faces' | 'head' | 'identity';

export interface FaceWorkerInit {
  type: 'init';
  /** The face detector (face-detect-rfb320): always, the other checks start from its boxes. */
  modelUrl: string;
  minScore: number;
  /** Head pose (head-pose), read every `everyMs`: when head_tracking is on. */
  pose?: { modelUrl: string; everyMs: number };
  /**
   * Identity (face-landmarks-68 to align, face-embedding to compare), every `everyMs` against the
   * identification photo (a JPEG data URL): when head_identity is on and a photo was taken.
   */
  identity?: { landmarksUrl: string; embeddingUrl: string; everyMs: number; photo: string };
}

export type ToFaceWorker =
  | FaceWorkerInit
  /** A camera frame (Chromium's MediaStreamTrackProcessor) or a small bitmap grabbed elsewhere, transferred. */
  | { type: 'frame'; frame: ImageBitmap | VideoFrame; at: number };

export type FromFaceWorker =
  /** The detector is in: faces are counted from now on. */
  | { type: 'ready' }
  /** Every other model asked for has loaded (or failed): start-up is over. */
  | { type: 'loaded' }
  | {
      type: 'faces';
      count: number;
      at: number;
      /** Inference time of this frame, all models together. */
      ms: number;
      share?: number;
      pose?: { yaw: number; pitch: number; roll: number };
      similarity?: number;
    }
  /** A check could not start (its model did not load, the photo shows no face): it stays quiet. */
  | { type: 'unavailable'; check: CameraCheck; message: string }
  | { type: 'error'; message: string };
