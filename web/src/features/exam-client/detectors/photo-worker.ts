/// <reference lib="webworker" />
import { detectFaces } from '@sabaq/models';
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { FromPhotoWorker, ToPhotoWorker } from './photo-protocol';

/**
 * Counts the faces on the identification photo before the attempt starts, with the exam's own face
 * detector (RFB-320) on onnxruntime-web, in a worker of its own: the photo step runs before the exam's
 * detectors exist, and the detectors' worker is the exam's.
 */
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The detector's input width; the height keeps the photo's proportions (as face-worker.ts does). */
const WIDTH = 320;
let detector: Promise<ort.InferenceSession> | undefined;

async function rgbOfPhoto(dataUrl: string) {
  const comma = dataUrl.indexOf(',');
  const bytes = Uint8Array.from(atob(dataUrl.slice(comma + 1)), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
  const height = Math.max(1, Math.round((WIDTH * bitmap.height) / Math.max(1, bitmap.width)));
  const canvas = new OffscreenCanvas(WIDTH, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0, WIDTH, height);
  bitmap.close();
  const rgba = context.getImageData(0, 0, WIDTH, height).data;
  const data = new Uint8Array(WIDTH * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i]!;
    data[j + 1] = rgba[i + 1]!;
    data[j + 2] = rgba[i + 2]!;
  }
  return { width: WIDTH, height, data };
}

scope.onmessage = async (event: MessageEvent<ToPhotoWorker>) => {
  const { id, modelUrl, minScore, photo } = event.data;
  const reply = (message: FromPhotoWorker) => scope.postMessage(message);
  try {
    detector ??= ort.InferenceSession.create(modelUrl, { executionProviders: ['wasm'] });
    const session = await detector.catch((error: unknown) => {
      detector = undefined;
      throw error;
    });
    const faces = await detectFaces(session, await rgbOfPhoto(photo), { minScore });
    reply({ id, faces: faces.length });
  } catch (error) {
    reply({ id, faces: null, message: error instanceof Error ? error.message : String(error) });
  }
};
