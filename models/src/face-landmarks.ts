import { cropResize, toGrey, type Box, type Point, type RgbImage } from './image';
import { float32, outputOf, type ModelSession } from './runtime';

const SIZE = 64;

/** 68 facial landmarks (iBUG order) in image pixels, from the face's box (manifest id face-landmarks-68). */
export async function faceLandmarks(session: ModelSession, image: RgbImage, face: Box): Promise<Point[]> {
  const box = {
    x1: Math.round(face.x1),
    y1: Math.round(face.y1),
    x2: Math.round(face.x2),
    y2: Math.round(face.y2),
  };
  const crop = cropResize(image, box, SIZE, SIZE);
  const result = await session.run({ input: float32(toGrey(crop, 256), [1, 1, SIZE, SIZE]) });
  const out = outputOf(result, 'output');
  const width = box.x2 - box.x1;
  const height = box.y2 - box.y1;
  const points: Point[] = [];
  for (let i = 0; i < 68; i++) points.push([box.x1 + out[i * 2]! * width, box.y1 + out[i * 2 + 1]! * height]);
  return points;
}

const mean = (points: readonly Point[]): Point => [
  points.reduce((s, p) => s + p[0], 0) / points.length,
  points.reduce((s, p) => s + p[1], 0) / points.length,
];

/** The five points face alignment uses: left eye, right eye, nose tip, mouth corners. */
export function fivePoints(landmarks: readonly Point[]): Point[] {
  const at = (i: number) => landmarks[i]!;
  return [
    mean([at(37), at(38), at(40), at(41)]),
    mean([at(43), at(44), at(46), at(47)]),
    at(30),
    mean([at(48), at(60)]),
    mean([at(54), at(64)]),
  ];
}
