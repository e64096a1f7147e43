import { cropResize, toPlanar, type Box, type RgbImage } from './image';
import { float32, outputOf, type ModelSession } from './runtime';

export interface HeadPose {
  /** Degrees; positive and negative are the two sides; 0 looks at the camera. */
  yaw: number;
  pitch: number;
  roll: number;
}

const SIZE = 224;

/** Expected angle of 66 bins of 3° starting at −99°. */
function binnedAngle(logits: Float32Array): number {
  const max = Math.max(...logits);
  let sum = 0;
  let weighted = 0;
  logits.forEach((v, i) => {
    const p = Math.exp(v - max);
    sum += p;
    weighted += p * i;
  });
  return (weighted / sum) * 3 - 99;
}

/** Head pose from the face's box widened by a quarter each side (manifest id head-pose). */
export async function headPose(session: ModelSession, image: RgbImage, face: Box): Promise<HeadPose> {
  const w = face.x2 - face.x1;
  const h = face.y2 - face.y1;
  const crop = cropResize(
    image,
    { x1: face.x1 - w / 4, y1: face.y1 - h / 4, x2: face.x2 + w / 4, y2: face.y2 + h / 4 },
    SIZE,
    SIZE,
  );
  const input = toPlanar(crop, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225], 255);
  const result = await session.run({ input: float32(input, [1, 3, SIZE, SIZE]) });
  return {
    yaw: binnedAngle(outputOf(result, 'output')),
    pitch: binnedAngle(outputOf(result, '617')),
    roll: binnedAngle(outputOf(result, '618')),
  };
}
