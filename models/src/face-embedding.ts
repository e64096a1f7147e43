import { affineFromPoints, toPlanar, warpAffine, type Point, type RgbImage } from './image';
import { float32, outputOf, type ModelSession } from './runtime';

const SIZE = 112;
/** Where the eyes and nose tip sit on a 112 × 112 aligned face (the ArcFace reference points). */
const REFERENCE: Point[] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
];

/**
 * A 512-value identity embedding of the face whose five points (face-landmarks.ts fivePoints) are given:
 * the face is aligned on eyes and nose, then embedded (manifest id face-embedding). Compare two with
 * faceSimilarity.
 */
export async function faceEmbedding(
  session: ModelSession,
  image: RgbImage,
  points: readonly Point[],
): Promise<Float32Array> {
  const aligned = warpAffine(image, affineFromPoints(points.slice(0, 3), REFERENCE), SIZE, SIZE);
  const input = toPlanar(aligned, [127, 127, 127], [128, 128, 128]);
  const result = await session.run({ input: float32(input, [1, 3, SIZE, SIZE]) });
  return Float32Array.from(outputOf(result, 'output'));
}

/** Cosine similarity, −1..1: about 0.9 and above for one person, near 0 for two (models/README.md). */
export function faceSimilarity(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
