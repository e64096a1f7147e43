/**
 * A TensorFlow.js graph model on the WASM backend, in a worker thread of its own: the WASM backend
 * computes on the thread that calls it, and the analyzer shares its process with the api routes, so a
 * frame's 0.2 s of inference must not stall their event loop. Plain JavaScript so that it starts the
 * same under tsx, vitest and node.
 *   workerData: { modelJson: absolute path of model.json (its shards beside it), input: [1,h,w,3],
 *                 output: the output node's name, constants?: { name: int32 values } }
 *   (constants: int32 constants of the graph rewritten before loading, for a graph whose feature maps'
 *   sizes were folded in for one input size; the placeholder then takes `input`'s shape)
 *   message in: { id, input: Float32Array }   message out: { id, output: Float32Array, ms } or { id, error }
 *   (ms: what the inference computed, without the time the message waited in the queue)
 * The first message out is { ready: true } or { error } when the model cannot be loaded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { setThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';

/**
 * The model from the files fetch-models.mjs checked, handed to the converter from memory: it is never
 * loaded from a URL. The WASM binaries are read from the @tensorflow/tfjs-backend-wasm package.
 */
async function load() {
  // One thread, as the onnxruntime sessions: the analyzer runs several detectors side by side.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  setThreadsCount(1);
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend did not start');
  await tf.ready();
  const dir = path.dirname(workerData.modelJson);
  const model = JSON.parse(readFileSync(workerData.modelJson, 'utf8'));
  const shards = model.weightsManifest.flatMap((group) =>
    group.paths.map((p) => readFileSync(path.join(dir, p))),
  );
  const weightData = new Uint8Array(shards.reduce((n, s) => n + s.length, 0));
  let offset = 0;
  for (const shard of shards) {
    weightData.set(shard, offset);
    offset += shard.length;
  }
  const constants = workerData.constants ?? {};
  if (Object.keys(constants).length > 0) {
    let at = 0;
    for (const spec of model.weightsManifest.flatMap((group) => group.weights)) {
      const count = spec.shape.reduce((n, d) => n * d, 1);
      const bytes = count * (spec.quantization ? (spec.quantization.dtype === 'uint8' ? 1 : 2) : 4);
      const values = constants[spec.name];
      if (values) {
        if (spec.dtype !== 'int32' || spec.quantization || values.length !== count)
          throw new Error(`constant ${spec.name} cannot take ${values.length} int32 values`);
        new Int32Array(weightData.buffer, at, count).set(values);
      }
      at += bytes;
    }
    for (const node of model.modelTopology.node) {
      if (node.op === 'Placeholder' && node.attr?.shape?.shape?.dim)
        node.attr.shape.shape.dim = workerData.input.map((size) => ({ size: String(size) }));
    }
  }
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: model.modelTopology,
      format: model.format,
      generatedBy: model.generatedBy,
      convertedBy: model.convertedBy,
      signature: model.signature,
      weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
      weightData: weightData.buffer,
    }),
  );
}

try {
  const graph = await load();
  parentPort.on('message', ({ id, input }) => {
    try {
      const start = performance.now();
      const output = tf.tidy(() =>
        graph.execute(tf.tensor(input, workerData.input, 'float32'), workerData.output),
      );
      const data = output.dataSync();
      output.dispose();
      parentPort.postMessage({ id, output: data, ms: performance.now() - start }, [data.buffer]);
    } catch (error) {
      parentPort.postMessage({ id, error: String(error) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ error: String(error) });
}
