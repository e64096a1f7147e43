/// <reference lib="webworker" />
import {
  detectFaces,
  faceEmbedding,
  faceHeightShare,
  faceLandmarks,
  faceSimilarity,
  fivePoints,
  headPose,
  type DetectedFace,
  type RgbImage,
} from '@sabaq/models';
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { CameraCheck, FaceWorkerInit, FromFaceWorker, ToFaceWorker } from './face-protocol';

/**
 * The camera's detectors on onnxruntime-web's WebAssembly backend, in a worker so that inference never
 * blocks the exam's page: faces (models/src/face-detector.ts, RFB-320) on every frame looked at, and on
 * the frames with one face its pose (head-pose) every pose interval and its identity (landmarks, then
 * the embedding compared with the identification photo's) every compare interval. One thread: threads
 * would need cross-origin isolation, and a frame takes a few tens of milliseconds.
 */
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The frame's width the detectors see: the detector's own; the height keeps the camera's proportions. */
const WIDTH = 320;
let detector: ort.InferenceSession | undefined;
let minScore = 0.65;
let pose: { session: ort.InferenceSession; everyMs: number; last: number } | undefined;
let identity:
  | {
      landmarks: ort.InferenceSession;
      embedding: ort.InferenceSession;
      reference: Float32Array;
      everyMs: number;
      last: number;
    }
  | undefined;
let canvas: OffscreenCanvas | undefined;

const reply = (message: FromFaceWorker) => scope.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const load = (url: string) => ort.InferenceSession.create(url, { executionProviders: ['wasm'] });

/** A picture as the runners' RGB image, WIDTH wide with its proportions kept. */
function rgbOf(frame: ImageBitmap | VideoFrame): RgbImage {
  const width = 'displayWidth' in frame ? frame.displayWidth : frame.width;
  const height = 'displayHeight' in frame ? frame.displayHeight : frame.height;
  const h = Math.max(1, Math.round((WIDTH * height) / Math.max(1, width)));
  if (!canvas || canvas.height !== h) canvas = new OffscreenCanvas(WIDTH, h);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(frame, 0, 0, WIDTH, h);
  const rgba = context.getImageData(0, 0, WIDTH, h).data;
  const data = new Uint8Array(WIDTH * h * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i]!;
    data[j + 1] = rgba[i + 1]!;
    data[j + 2] = rgba[i + 2]!;
  }
  return { width: WIDTH, height: h, data };
}

const largest = (faces: DetectedFace[]) =>
  faces.reduce((a, b) => ((b.y2 - b.y1) * (b.x2 - b.x1) > (a.y2 - a.y1) * (a.x2 - a.x1) ? b : a));

async function embeddingOf(
  landmarks: ort.InferenceSession,
  embedding: ort.InferenceSession,
  image: RgbImage,
  face: DetectedFace,
): Promise<Float32Array> {
  return faceEmbedding(embedding, image, fivePoints(await faceLandmarks(landmarks, image, face)));
}

async function detect(frame: ImageBitmap | VideoFrame, at: number): Promise<void> {
  const started = performance.now();
  const image = rgbOf(frame);
  frame.close();
  const faces = await detectFaces(detector!, image, { minScore });
  const out: Extract<FromFaceWorker, { type: 'faces' }> = { type: 'faces', count: faces.length, at, ms: 0 };
  if (faces.length > 0) out.share = faceHeightShare(largest(faces), image);
  if (faces.length === 1) {
    const face = faces[0]!;
    if (pose && at - pose.last >= pose.everyMs) {
      pose.last = at;
      out.pose = await headPose(pose.session, image, face);
    }
    if (identity && at - identity.last >= identity.everyMs) {
      identity.last = at;
      const live = await embeddingOf(identity.landmarks, identity.embedding, image, face);
      out.similarity = faceSimilarity(identity.reference, live);
    }
  }
  out.ms = performance.now() - started;
  reply(out);
}

/** The identification photo (a JPEG data URL) decoded here: no fetch, so the CSP's connect-src holds. */
async function pictureOf(dataUrl: string): Promise<RgbImage> {
  const comma = dataUrl.indexOf(',');
  const bytes = Uint8Array.from(atob(dataUrl.slice(comma + 1)), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
  try {
    return rgbOf(bitmap);
  } finally {
    bitmap.close();
  }
}

/** A check beside face counting: its failure is told once and the check stays quiet; the rest goes on. */
async function optional(check: CameraCheck, start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    reply({ type: 'unavailable', check, message: messageOf(error) });
  }
}

async function init(message: FaceWorkerInit): Promise<void> {
  minScore = message.minScore;
  try {
    detector = await load(message.modelUrl);
  } catch (error) {
    reply({ type: 'unavailable', check: 'faces', message: messageOf(error) });
    reply({ type: 'loaded' });
    return;
  }
  reply({ type: 'ready' });
  // One after the other: the single WebAssembly thread is shared with the frames already being counted.
  if (message.pose) {
    const { modelUrl, everyMs } = message.pose;
    await optional('head', async () => {
      pose = { session: await load(modelUrl), everyMs, last: 0 };
    });
  }
  if (message.identity) {
    const { landmarksUrl, embeddingUrl, everyMs, photo } = message.identity;
    await optional('identity', async () => {
      const [landmarks, embedding] = [await load(landmarksUrl), await load(embeddingUrl)];
      const picture = await pictureOf(photo);
      const faces = await detectFaces(detector!, picture, { minScore });
      if (faces.length === 0) throw new Error('no face on the identification photo');
      const reference = await embeddingOf(landmarks, embedding, picture, largest(faces));
      identity = { landmarks, embedding, reference, everyMs, last: 0 };
    });
  }
  reply({ type: 'loaded' });
}

scope.onmessage = async (event: MessageEvent<ToFaceWorker>) => {
  const message = event.data;
  try {
    if (message.type === 'init') {
      await init(message);
      return;
    }
    if (!detector) {
      message.frame.close();
      return;
    }
    await detect(message.frame, message.at);
  } catch (error) {
    reply({ type: 'error', message: messageOf(error) });
  }
};
