import { affineFromPoints, warpAffine, type Point, type RgbImage } from './image';

/**
 * Where the eyes look, from MediaPipe Iris (manifest id eyes-iris) on eye crops cut from the 68
 * landmarks the face pipeline already has. The model was trained on one eye's orientation, so the
 * other eye is mirrored into it: in every crop the outer corner is at the left, the inner at the right.
 */
export const IRIS_INPUT_SIZE = 64;

/** The crop is this many corner distances wide, as MediaPipe's own eye crops (2.3). */
const CROP_SCALE = 2.3;

/** Values per eye in the model's output: 76 points (71 eye contour, 5 iris) of x, y, z. */
const OUTPUT_PER_EYE = 228;

/** Contour indices (in the mirrored crop's orientation): lid corners and the lids' middle thirds. */
const OUTER_CORNER = 0;
const INNER_CORNER = 8;
const LOWER_LID_MIDDLE = [3, 4, 5];
const UPPER_LID_MIDDLE = [11, 12, 13];
const IRIS_CENTRE = 71;
const IRIS_EDGE = [72, 73, 74, 75];

/**
 * What a loaded iris model does: [2,64,64,3] RGB 0..1 crops in, [2,1,1,228] points out. The server runs
 * the TensorFlow.js graph model on the WASM backend in a worker thread (`serverIrisModel`).
 */
export interface IrisModel {
  run(input: Float32Array): Promise<Float32Array>;
}

/** An eye cut out for the model, and the map from crop pixels back to picture pixels. */
export interface EyeCrop {
  image: RgbImage;
  toPicture(point: Point): Point;
}

/** One eye as the model saw it, in picture pixels, and the iris's place between corners and lids. */
export interface EyeReading {
  outer: Point;
  inner: Point;
  /** The iris's centre and radius, picture pixels. */
  iris: Point;
  irisRadius: number;
  /** The lid contour (lower lid outer → inner, then the upper lid), picture pixels. */
  lids: Point[];
  /** 0 at the outer corner, 1 at the inner one, along the line between them. */
  horizontal: number;
  /** 0 at the upper lid's middle, 1 at the lower lid's middle. */
  vertical: number;
  /** Lid gap over corner distance: a closed or nearly closed eye tells nothing of the gaze. */
  openness: number;
}

export interface Gaze {
  /** The subject's right eye (at the picture's left) and left eye. */
  eyes: [EyeReading, EyeReading];
  /**
   * The irises' mean offset from the middle of the eye, −1..1 of half the corner distance, in the
   * picture's terms: negative towards the picture's left, positive towards its right. Each eye's own
   * resting place varies (0.35–0.65 of the way on the test pictures), so the mean of both is used.
   */
  horizontal: number;
  /** The irises' mean offset between the lids' middles, −1 (up) .. 1 (down). */
  vertical: number;
  /** The smaller eye's openness. */
  openness: number;
  /** The eyes' mean corner distance in picture pixels: below a few pixels the reading is noise. */
  width: number;
}

const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1];
const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const mean = (points: readonly Point[]): Point => [
  points.reduce((s, p) => s + p[0], 0) / points.length,
  points.reduce((s, p) => s + p[1], 0) / points.length,
];

/**
 * A square crop around an eye, rotated so that its corners are level, with the outer corner at the
 * left: the subject's right eye (landmarks 36 outer, 39 inner) as seen, the left eye (45 outer, 42
 * inner) mirrored.
 */
export function eyeCrop(image: RgbImage, outer: Point, inner: Point): EyeCrop {
  const centre = mean([outer, inner]);
  const across = sub(inner, outer);
  const distance = Math.hypot(across[0], across[1]) || 1;
  const u: Point = [across[0] / distance, across[1] / distance];
  // "Down" in the crop is the picture's down turned by the eye's roll, for either eye, so the mirrored
  // eye is mirrored left to right only.
  const level: Point = u[0] >= 0 ? u : [-u[0], -u[1]];
  const v: Point = [-level[1], level[0]];
  const scale = IRIS_INPUT_SIZE / (CROP_SCALE * distance);
  const half = IRIS_INPUT_SIZE / 2;
  const toCrop = affineFromPoints(
    [centre, [centre[0] + u[0], centre[1] + u[1]], [centre[0] + v[0], centre[1] + v[1]]],
    [
      [half, half],
      [half + scale, half],
      [half, half + scale],
    ],
  );
  return {
    image: warpAffine(image, toCrop, IRIS_INPUT_SIZE, IRIS_INPUT_SIZE),
    toPicture: ([x, y]) => {
      const a = (x - half) / scale;
      const b = (y - half) / scale;
      return [centre[0] + a * u[0] + b * v[0], centre[1] + a * u[1] + b * v[1]];
    },
  };
}

/** Both eyes' crops from the 68 landmarks (iBUG order), as one [2,64,64,3] RGB 0..1 input. */
export function eyeCrops(image: RgbImage, landmarks: readonly Point[]): [EyeCrop, EyeCrop] {
  return [eyeCrop(image, landmarks[36]!, landmarks[39]!), eyeCrop(image, landmarks[45]!, landmarks[42]!)];
}

export function irisInput(crops: readonly EyeCrop[]): Float32Array {
  const plane = IRIS_INPUT_SIZE * IRIS_INPUT_SIZE * 3;
  const input = new Float32Array(plane * crops.length);
  crops.forEach((crop, n) => {
    for (let i = 0; i < plane; i++) input[n * plane + i] = crop.image.data[i]! / 255;
  });
  return input;
}

/** One eye's reading from its 228 output values (crop pixels), mapped back to the picture. */
export function readEye(values: Float32Array, crop: EyeCrop): EyeReading {
  const at = (i: number): Point => [values[i * 3]!, values[i * 3 + 1]!];
  const outer = at(OUTER_CORNER);
  const inner = at(INNER_CORNER);
  const iris = at(IRIS_CENTRE);
  const across = sub(inner, outer);
  const width = Math.hypot(across[0], across[1]) || 1;
  const upper = mean(UPPER_LID_MIDDLE.map(at));
  const lower = mean(LOWER_LID_MIDDLE.map(at));
  const gap = lower[1] - upper[1];
  const radius = IRIS_EDGE.reduce((s, i) => s + Math.hypot(at(i)[0] - iris[0], at(i)[1] - iris[1]), 0) / 4;
  const pictureScale = Math.hypot(...sub(crop.toPicture([1, 0]), crop.toPicture([0, 0])));
  return {
    outer: crop.toPicture(outer),
    inner: crop.toPicture(inner),
    iris: crop.toPicture(iris),
    irisRadius: radius * pictureScale,
    lids: Array.from({ length: 16 }, (_, i) => crop.toPicture(at(i))),
    horizontal: dot(sub(iris, outer), across) / (width * width),
    vertical: gap > 0 ? (iris[1] - upper[1]) / gap : 0.5,
    openness: gap / width,
  };
}

/**
 * The gaze of a face whose 68 landmarks are known: both eyes in one batch of two. The horizontal
 * offset is in the picture's terms (the mirrored eye's reading is turned back), so both eyes looking
 * the same way add up instead of cancelling.
 */
export async function eyeGaze(model: IrisModel, image: RgbImage, landmarks: readonly Point[]): Promise<Gaze> {
  const crops = eyeCrops(image, landmarks);
  const output = await model.run(irisInput(crops));
  const right = readEye(output.subarray(0, OUTPUT_PER_EYE), crops[0]);
  const left = readEye(output.subarray(OUTPUT_PER_EYE, 2 * OUTPUT_PER_EYE), crops[1]);
  // The right eye's outer corner is at the picture's left, the left eye's at its right.
  const pictureX = [right.horizontal, 1 - left.horizontal];
  return {
    eyes: [right, left],
    horizontal: pictureX.reduce((s, x) => s + (x - 0.5) * 2, 0) / 2,
    vertical: [right, left].reduce((s, e) => s + (e.vertical - 0.5) * 2, 0) / 2,
    openness: Math.min(right.openness, left.openness),
    width: (distance(right.outer, right.inner) + distance(left.outer, left.inner)) / 2,
  };
}
