import { intersectionOverUnion } from './face-detector';
import { type Box, type RgbImage } from './image';

/** The COCO objects an exam forbids, by the detector's 0-based class index (80-class COCO order). */
export const PROHIBITED_OBJECT_CLASSES = {
  63: 'laptop',
  65: 'remote',
  67: 'cell phone',
} as const;

export type ProhibitedObjectClass =
  (typeof PROHIBITED_OBJECT_CLASSES)[keyof typeof PROHIBITED_OBJECT_CLASSES];

export interface DetectedObject extends Box {
  label: ProhibitedObjectClass;
  /** The detector's confidence, 0..1. */
  score: number;
}

/**
 * What the runner needs of a loaded object detector: a [1,512,512,3] RGB 0..255 tensor in, the model's
 * [1,100,6] detections (x1, y1, x2, y2 in input pixels, score, class) out. The server runs the
 * TensorFlow.js graph model on the WASM backend (`serverObjectModel`); a browser can wrap its own.
 */
export interface ObjectModel {
  detect(input: Float32Array): Promise<Float32Array>;
  /** The square input's side, when not OBJECT_INPUT_SIZE (the server may load the graph smaller). */
  inputSize?: number;
}

export const OBJECT_INPUT_SIZE = 512;

export interface ObjectDetectorOptions {
  /** Objects scored below this are dropped; per class, since phones score lower than laptops. */
  minScore?: Partial<Record<ProhibitedObjectClass, number>>;
}

/**
 * Default thresholds, measured on real pictures (models/README.md): CenterNet scores the phone on the
 * table of yolo.jpg 0.30 and a phone held up to a 320 × 240 webcam 0.37–0.39, while no phone, laptop
 * or remote scores above 0.1 on the pictures without one.
 */
export const DEFAULT_OBJECT_MIN_SCORE: Record<ProhibitedObjectClass, number> = {
  'cell phone': 0.25,
  laptop: 0.25,
  remote: 0.25,
};

/** Boxes of different classes overlapping more than this are one object seen twice. */
const SAME_OBJECT_IOU = 0.6;

export interface Letterbox {
  /** The image scaled by `scale` and centred on a black square, as the model's input (RGB 0..255). */
  input: Float32Array;
  scale: number;
  padX: number;
  padY: number;
}

/**
 * The picture scaled to fit a 512 square with its proportions kept and the rest black: stretching a
 * 16:9 webcam frame would squash a phone into a shape the model was not trained on. Bilinear, pixel
 * centres aligned.
 */
export function letterbox(image: RgbImage, size = OBJECT_INPUT_SIZE): Letterbox {
  const scale = Math.min(size / image.width, size / image.height);
  const w = Math.round(image.width * scale);
  const h = Math.round(image.height * scale);
  const padX = Math.floor((size - w) / 2);
  const padY = Math.floor((size - h) / 2);
  const input = new Float32Array(size * size * 3);
  const { width: sw, height: sh, data: src } = image;
  for (let y = 0; y < h; y++) {
    const py = Math.min(Math.max((y + 0.5) / scale - 0.5, 0), sh - 1);
    const y0 = py | 0;
    const y1 = y0 + 1 < sh ? y0 + 1 : y0;
    const fy = py - y0;
    let offset = ((y + padY) * size + padX) * 3;
    for (let x = 0; x < w; x++) {
      const px = Math.min(Math.max((x + 0.5) / scale - 0.5, 0), sw - 1);
      const x0 = px | 0;
      const x1 = x0 + 1 < sw ? x0 + 1 : x0;
      const fx = px - x0;
      const a = (y0 * sw + x0) * 3;
      const b = (y0 * sw + x1) * 3;
      const c = (y1 * sw + x0) * 3;
      const d = (y1 * sw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * fx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * fx;
        input[offset++] = top + (bottom - top) * fy;
      }
    }
  }
  return { input, scale, padX, padY };
}

/**
 * The model's detections kept when they are a prohibited class scored at or above its threshold, with
 * boxes mapped back from the letterboxed square to the picture's pixels. CenterNet keeps one peak per
 * object and class, but the same object often peaks in two classes (a phone close to the camera is also
 * a laptop at a lower score): such overlapping boxes are one object, named by its best class.
 */
export function decodeObjects(
  detections: Float32Array,
  box: Pick<Letterbox, 'scale' | 'padX' | 'padY'>,
  image: Pick<RgbImage, 'width' | 'height'>,
  options: ObjectDetectorOptions = {},
): DetectedObject[] {
  const minScore = { ...DEFAULT_OBJECT_MIN_SCORE, ...options.minScore };
  const found: DetectedObject[] = [];
  for (let i = 0; i + 6 <= detections.length; i += 6) {
    const label =
      PROHIBITED_OBJECT_CLASSES[Math.round(detections[i + 5]!) as keyof typeof PROHIBITED_OBJECT_CLASSES];
    const score = detections[i + 4]!;
    if (!label || !(score >= minScore[label])) continue;
    const toX = (v: number) => Math.min(Math.max((v - box.padX) / box.scale, 0), image.width);
    const toY = (v: number) => Math.min(Math.max((v - box.padY) / box.scale, 0), image.height);
    found.push({
      label,
      score,
      x1: toX(detections[i]!),
      y1: toY(detections[i + 1]!),
      x2: toX(detections[i + 2]!),
      y2: toY(detections[i + 3]!),
    });
  }
  const objects: DetectedObject[] = [];
  for (const candidate of found.sort((a, b) => b.score - a.score)) {
    if (objects.every((o) => intersectionOverUnion(o, candidate) <= SAME_OBJECT_IOU)) objects.push(candidate);
  }
  return objects;
}

/** Phones, laptops and remotes in a picture, best first. */
export async function detectObjects(
  model: ObjectModel,
  image: RgbImage,
  options: ObjectDetectorOptions = {},
): Promise<DetectedObject[]> {
  const boxed = letterbox(image, model.inputSize ?? OBJECT_INPUT_SIZE);
  return decodeObjects(await model.detect(boxed.input), boxed, image, options);
}
