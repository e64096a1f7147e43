import { Worker } from 'node:worker_threads';
import { modelAvailable, modelEntry, weightsPath } from './manifest';
import { IRIS_INPUT_SIZE, type IrisModel } from './eye-gaze';
import { OBJECT_INPUT_SIZE, type ObjectModel } from './object-detector';

/** A TensorFlow.js graph model running in its own worker thread (tfjs-worker.mjs says why). */
export interface TfjsGraphSession {
  run(input: Float32Array): Promise<Float32Array>;
  close(): Promise<void>;
  /** Milliseconds the worker computed and runs made, queueing not counted (the bench's per-model cost). */
  readonly computed: { ms: number; runs: number };
}

export function tfjsGraphSession(
  id: string,
  input: number[],
  output: string,
  constants: Record<string, number[]> = {},
): Promise<TfjsGraphSession> {
  if (modelEntry(id).format !== 'tfjs-graph')
    throw new Error(`model ${id} is not a TensorFlow.js graph model`);
  if (!modelAvailable(id))
    throw new Error(`model ${id} is missing: run node models/scripts/fetch-models.mjs`);
  const worker = new Worker(new URL('./tfjs-worker.mjs', import.meta.url), {
    workerData: { modelJson: weightsPath(id), input, output, constants },
  });
  // An idle worker must not keep a finished process (a test, a one-off analysis) alive.
  worker.unref();
  const pending = new Map<number, { resolve: (v: Float32Array) => void; reject: (e: Error) => void }>();
  let next = 0;
  let failure: Error | null = null;
  const computed = { ms: 0, runs: 0 };
  const failAll = (error: Error) => {
    failure = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  return new Promise((resolve, reject) => {
    worker.on('error', (error) => {
      failAll(error);
      reject(error);
    });
    worker.on('exit', (code) => failAll(new Error(`the ${id} worker stopped (exit code ${code})`)));
    worker.on(
      'message',
      (message: { ready?: true; id?: number; output?: Float32Array; ms?: number; error?: string }) => {
        if (message.id === undefined) {
          if (message.ready) {
            resolve({
              run(data) {
                if (failure) return Promise.reject(failure);
                const id = next++;
                // Only waiting on a frame keeps the process alive, as a pending onnxruntime run would.
                if (pending.size === 0) worker.ref();
                return new Promise<Float32Array>((resolve, reject) => {
                  pending.set(id, { resolve, reject });
                  // Moved, not copied (as the onnx workers' inputs): the runners build it for this run.
                  // A view on a larger buffer is copied, so as not to detach memory it does not own.
                  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
                  worker.postMessage({ id, input: data }, whole ? [data.buffer as ArrayBuffer] : []);
                });
              },
              async close() {
                await worker.terminate();
              },
              computed,
            });
          } else reject(new Error(`model ${id} could not be loaded: ${message.error}`));
          return;
        }
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (pending.size === 0) worker.unref();
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else {
          computed.ms += message.ms ?? 0;
          computed.runs += 1;
          waiting?.resolve(message.output!);
        }
      },
    );
  });
}

const objectModels = new Map<string, Promise<ObjectModel>>();

/**
 * CenterNet's graph was exported for 512 × 512 with its feature maps' sizes folded in as constants:
 * the three upsamplings' target sizes (input / 16, / 8, / 4), the output map's width (input / 4) and its
 * positions (the map's area). For another input size, a multiple of 32, they are rewritten; the weights
 * are the same (every layer is convolutional).
 */
export function centernetConstants(size: number): Record<string, number[]> {
  if (size % 32 !== 0) throw new Error(`CenterNet's input must be a multiple of 32, not ${size}`);
  const map = size / 4;
  return {
    'tower_0/CenternetHead/c5_upsample/up_sampling2d/mul': [size / 16, size / 16],
    'tower_0/CenternetHead/c4_upsample/up_sampling2d_1/mul': [size / 8, size / 8],
    'tower_0/CenternetHead/c3_upsample/up_sampling2d_2/mul': [map, map],
    'tower_0/BatchGather/concat': [map * map, 4],
    'tower_0/strided_slice_6': [map],
  };
}

/**
 * The object detector (manifest id objects-centernet, a TensorFlow.js graph model) on the WASM backend
 * in a worker thread, loaded once per process and input size.
 */
export function serverObjectModel(id = 'objects-centernet', size = OBJECT_INPUT_SIZE): Promise<ObjectModel> {
  const key = `${id}@${size}`;
  let loaded = objectModels.get(key);
  if (!loaded) {
    loaded = tfjsGraphSession(
      id,
      [1, size, size, 3],
      'tower_0/detections',
      size === OBJECT_INPUT_SIZE ? {} : centernetConstants(size),
    ).then((session) => ({ inputSize: size, detect: (input: Float32Array) => session.run(input) }));
    loaded.catch(() => objectModels.delete(key));
    objectModels.set(key, loaded);
  }
  return loaded;
}

const irisModels = new Map<string, Promise<TfjsGraphSession>>();

/**
 * MediaPipe Iris (manifest id eyes-iris, a TensorFlow.js graph model) on the WASM backend in a worker
 * thread of its own, loaded once per process: two eyes a call. Apart from the object detector's worker,
 * so that an eye reading never waits behind a 0.2-s object look.
 */
export function serverIrisModel(id = 'eyes-iris'): Promise<IrisModel & Pick<TfjsGraphSession, 'computed'>> {
  let loaded = irisModels.get(id);
  if (!loaded) {
    loaded = tfjsGraphSession(id, [2, IRIS_INPUT_SIZE, IRIS_INPUT_SIZE, 3], 'Identity');
    loaded.catch(() => irisModels.delete(id));
    irisModels.set(id, loaded);
  }
  return loaded;
}
