import { resize, toPlanar, type Box, type RgbImage } from './image';
import { float32, outputOf, type ModelSession } from './runtime';

export interface DetectedFace extends Box {
  /** The detector's confidence that this is a face, 0..1. */
  score: number;
}

export interface FaceDetectorOptions {
  /** Faces scored below this are dropped (the package's own default: 0.65). */
  minScore?: number;
  /** Overlapping boxes above this IoU are one face (non-maximum suppression). */
  maxOverlap?: number;
}

const WIDTH = 320;
const HEIGHT = 240;

/**
 * Faces in an image with the RFB-320 detector (manifest id face-detect-rfb320). The model decodes its
 * anchors itself: boxes come out as corners normalised to 0..1, so post-processing is a score threshold
 * and non-maximum suppression, in the original image's pixels.
 */
export async function detectFaces(
  session: ModelSession,
  image: RgbImage,
  options: FaceDetectorOptions = {},
): Promise<DetectedFace[]> {
  const minScore = options.minScore ?? 0.65;
  const input = toPlanar(resize(image, WIDTH, HEIGHT), [127, 127, 127], [128, 128, 128]);
  const result = await session.run({ input: float32(input, [1, 3, HEIGHT, WIDTH]) });
  const scores = outputOf(result, 'scores');
  const boxes = outputOf(result, 'boxes');
  const candidates: DetectedFace[] = [];
  for (let i = 0; i < scores.length / 2; i++) {
    const score = scores[i * 2 + 1]!;
    if (score < minScore) continue;
    candidates.push({
      x1: boxes[i * 4]! * image.width,
      y1: boxes[i * 4 + 1]! * image.height,
      x2: boxes[i * 4 + 2]! * image.width,
      y2: boxes[i * 4 + 3]! * image.height,
      score,
    });
  }
  return suppressOverlaps(candidates, options.maxOverlap ?? 0.4);
}

export function intersectionOverUnion(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const h = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = w * h;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy non-maximum suppression: the best box of each overlapping cluster survives. */
export function suppressOverlaps(faces: DetectedFace[], maxOverlap: number): DetectedFace[] {
  const kept: DetectedFace[] = [];
  for (const face of [...faces].sort((a, b) => b.score - a.score)) {
    if (kept.every((k) => intersectionOverUnion(k, face) <= maxOverlap)) kept.push(face);
  }
  return kept;
}

/** The face's height as a share of the image's: the "too far from the camera" measure. */
export function faceHeightShare(face: Box, image: { height: number }): number {
  return (face.y2 - face.y1) / image.height;
}
