import { Readable } from 'node:stream';
import { detectFaces, modelAvailable, pooledServerSession, type ModelSession } from '@sabaq/models/node';
import { ValidationError } from '../../../platform/errors';
import { decodePicture } from '../../analysis/recording-source';
import type { DecodedScreenshot } from './screenshots';

const FACE_MODEL = 'face-detect-rfb320';
/** The exam client's own least score for a face (camera-thresholds.ts): the two agree on a photo. */
const MIN_FACE_SCORE = 0.65;

/** Counts the faces on a picture; null when this machine has no face model to count with. */
export type FaceCounter = (picture: DecodedScreenshot) => Promise<number | null>;

let detector: ModelSession | undefined;

/** The face detector in the onnx worker pool (never on the api's event loop), decoded by ffmpeg. */
export const countFaces: FaceCounter = async (picture) => {
  if (!modelAvailable(FACE_MODEL)) return null;
  detector ??= pooledServerSession(FACE_MODEL);
  const image = await decodePicture(Readable.from([picture.bytes])).catch(() => null);
  if (!image) return 0;
  return (await detectFaces(detector, image, { minScore: MIN_FACE_SCORE })).length;
};

const refuse = (field: string, message: string) => new ValidationError(message, { [field]: [message] });

/**
 * "Identity verified" is recorded only for a photo with exactly one face: the student's photo is the
 * reference every later comparison is made against, and a photo of nobody (or of two people) verifies
 * nobody. The client checks the same before it lets the attempt start (docs/proctoring.md); this is the
 * check a client cannot skip. Without a face model on the server the photo is taken as the client
 * checked it (the deployment's choice: models/scripts/fetch-models.mjs).
 */
export async function requireOneFace(
  images: readonly DecodedScreenshot[],
  field: string,
  count: FaceCounter = countFaces,
): Promise<void> {
  const photo = images[0];
  if (!photo) throw refuse(field, 'Приложите фото для подтверждения личности');
  const faces = await count(photo);
  if (faces === null || faces === 1) return;
  throw refuse(
    field,
    faces === 0
      ? 'На фото не найдено лицо. Сделайте снимок ещё раз'
      : 'На фото больше одного лица. Сделайте снимок ещё раз',
  );
}
