/// <reference lib="webworker" />
import { detectFaces, type RgbImage } from '@sabaq/models';
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { FromFaceWorker, ToFaceWorker } from './face-protocol';

/**
 * The face detector (models/src/face-detector.ts, RFB-320) on onnxruntime-web's WebAssembly backend, in
 * a worker so that inference never blocks the exam's page. One thread: threads would need
 * cross-origin isolation, and one frame takes a few milliseconds.
 */
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, self.location.href).href };

const scope = self as unknown as DedicatedWorkerGlobalScope;
let session: ort.InferenceSession | undefined;
let minScore = 0.65;
const canvas = new OffscreenCanvas(320, 240);
const context = canvas.getContext('2d', { willReadFrequently: true });

const reply = (message: FromFaceWorker) => scope.postMessage(message);

/** The frame as the runners' RGB image (the detector's own input size, so it resizes nothing). */
function rgbOf(frame: ImageBitmap | VideoFrame): RgbImage {
  context!.drawImage(frame, 0, 0, canvas.width, canvas.height);
  frame.close();
  const rgba = context!.getImageData(0, 0, canvas.width, canvas.height).data;
  const data = new Uint8Array(canvas.width * canvas.height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i]!;
    data[j + 1] = rgba[i + 1]!;
    data[j + 2] = rgba[i + 2]!;
  }
  return { width: canvas.width, height: canvas.height, data };
}

async function detect(frame: ImageBitmap | VideoFrame, at: number): Promise<void> {
  const started = performance.now();
  const faces = await detectFaces(session!, rgbOf(frame), { minScore });
  reply({ type: 'faces', count: faces.length, at, ms: performance.now() - started });
}

/** Reads the camera's frames as they come, looking at one every `everyMs` and dropping the rest. */
async function watch(frames: ReadableStream<VideoFrame>, everyMs: number): Promise<void> {
  const reader = frames.getReader();
  let last = 0;
  for (;;) {
    const { value: frame, done } = await reader.read();
    if (done) return;
    const now = Date.now();
    if (!session || now - last < everyMs) {
      frame.close();
      continue;
    }
    last = now;
    try {
      await detect(frame, now);
    } catch (error) {
      frame.close();
      reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }
}

scope.onmessage = async (event: MessageEvent<ToFaceWorker>) => {
  const message = event.data;
  try {
    if (message.type === 'init') {
      minScore = message.minScore;
      session = await ort.InferenceSession.create(message.modelUrl, { executionProviders: ['wasm'] });
      reply({ type: 'ready' });
      return;
    }
    if (message.type === 'frames') {
      void watch(message.frames, message.everyMs);
      return;
    }
    if (!session) {
      message.frame.close();
      return;
    }
    await detect(message.frame, message.at);
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
