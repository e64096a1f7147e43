import type { DetectedFace, RgbImage } from '@sabaq/models/node';
import { evenLighting } from './lighting';
import { sceneChanged, type SceneSignature } from './scene-change';

/** One frame's face detection: the candidates, and whether they were found on the stretched frame. */
export interface FaceDetection {
  candidates: DetectedFace[];
  stretched: boolean;
  /** The picture the candidates were found on (the frame, or its stretched copy). */
  image: RgbImage;
}

/**
 * Strictest form of the scene test: not one 8 × 8 block of the whole frame moved more than this many
 * grey levels (the objects' test lets 0.5 % of the blocks change). A person coming into a corner moves
 * tens of blocks by tens of levels; a still picture's frames differ by a level or two after the codec.
 */
export const FACE_REUSE_LEVELS = 8;

/**
 * The cascade's step for face detection: a frame whose whole picture is unchanged since the last frame
 * the detector ran on takes that frame's faces instead of running it again, at most `maxAgeFrames`
 * after it (then it runs whatever the test says, so nothing the blocks average away is missed for long).
 * Only a detection on a settled picture (unchanged from the frame before) is reused.
 *
 * Deterministic by construction: `detection` is called by the reading loop, one frame after the other in
 * frame order, so the reference is always the last earlier frame that ran the detector, whatever the
 * timing of the frames in flight; its detection may still be computing and is taken as a promise.
 */
export class FaceDetections {
  private last: { index: number; signature: SceneSignature; detection: Promise<FaceDetection> } | null = null;
  /** The frame before, whatever it did: a detection is a reference only on a picture that had settled. */
  private previous: SceneSignature | null = null;
  ran = 0;
  reused = 0;

  constructor(private readonly maxAgeFrames: number) {}

  /**
   * Frame `index`'s faces, and whether they are its own (false: an earlier frame's, reused). `needsOwn`:
   * a frame whose face feeds a model sensitive to where the box lies (the eyes' landmarks, identity) has
   * its own detection (see `mustDetect` in analyze-recording.ts).
   */
  detection(
    index: number,
    signature: SceneSignature,
    detect: () => Promise<FaceDetection>,
    needsOwn = false,
  ): { detection: Promise<FaceDetection>; own: boolean } {
    const last = this.last;
    const previous = this.previous;
    this.previous = signature;
    if (
      !needsOwn &&
      last &&
      index - last.index <= this.maxAgeFrames &&
      !sceneChanged(last.signature, signature, { levels: FACE_REUSE_LEVELS, share: 0 })
    ) {
      this.reused += 1;
      return { detection: last.detection, own: false };
    }
    this.ran += 1;
    let detection: Promise<FaceDetection>;
    try {
      detection = detect();
    } catch (error) {
      detection = Promise.reject(error);
    }
    // A failed detection fails the analysis through the frames that await it, never unhandled.
    detection.catch(() => undefined);
    // A frame that differs from the one before (a cut, a person moving in) is still settling: the codec
    // sharpens a new picture over the next frames, and faces found on its first blurred frame, reused on
    // the sharp ones, put the landmarks and the eyes off (a false eye_away on the recordings). Such a
    // frame's detection is its own only; the next frame runs the detector again.
    const settled =
      previous !== null && !sceneChanged(previous, signature, { levels: FACE_REUSE_LEVELS, share: 0 });
    this.last = settled ? { index, signature, detection } : null;
    return { detection, own: true };
  }
}

/**
 * Face detection on a frame. Only a frame where it finds no face (scored `minScore` or more) and that is
 * dark or flat is looked at again stretched (lighting.ts): stretching every flat frame wiped out a small
 * face on a plain background (a student far from the camera); the thumbnails keep the frame as it was.
 */
export async function detectWithLighting(
  frame: RgbImage,
  minScore: number,
  detect: (image: RgbImage) => Promise<DetectedFace[]>,
): Promise<FaceDetection> {
  const candidates = await detect(frame);
  if (!candidates.some((f) => f.score >= minScore)) {
    const stretched = evenLighting(frame);
    if (stretched !== frame) {
      const again = await detect(stretched);
      if (again.some((f) => f.score >= minScore))
        return { candidates: again, stretched: true, image: stretched };
    }
  }
  return { candidates, stretched: false, image: frame };
}
