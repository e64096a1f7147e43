/**
 * onnxruntime-node sessions in a worker thread. onnxruntime-node's `run` is synchronous on the thread
 * that calls it (its async `run` only defers the call with setImmediate), so on the api process's main
 * thread every frame's inference would stall the event loop and all models would take turns on one
 * core. A few of these workers let frames be computed side by side on the machine's cores while the
 * main thread only prepares inputs and reads outputs. Plain JavaScript so that it starts the same under
 * tsx, vitest and node; the pre- and post-processing stay in the TypeScript runners.
 *   message in:  { id, file: absolute .onnx path, feeds: { name: { type, data, dims } } }
 *   message out: { id, outputs: { name: { type, data, dims } }, ms: the run's milliseconds } or { id, error }
 */
import { parentPort } from 'node:worker_threads';
import { InferenceSession, Tensor } from 'onnxruntime-node';

/** One session per model file, created on first use. */
const sessions = new Map();

function sessionOf(file) {
  let session = sessions.get(file);
  if (!session) {
    // One intra-op thread: the parallelism is the workers', one per core.
    session = InferenceSession.create(file, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // Denormal floats flushed to zero: the face embedding's activations are full of them, and x86
      // computes with them about 8× slower (105 ms a face instead of 13 on a quiet core). Numbers
      // under 1.2e-38 changing to 0 does not move any output beyond its last digits.
      extra: { session: { set_denormal_as_zero: '1' } },
    });
    session.catch(() => sessions.delete(file));
    sessions.set(file, session);
  }
  return session;
}

parentPort.on('message', async ({ id, file, feeds }) => {
  try {
    const session = await sessionOf(file);
    const inputs = Object.fromEntries(
      Object.entries(feeds).map(([name, t]) => [name, new Tensor(t.type, t.data, t.dims)]),
    );
    const start = performance.now();
    const result = await session.run(inputs);
    const ms = performance.now() - start;
    const outputs = {};
    const transfer = [];
    for (const [name, tensor] of Object.entries(result)) {
      // A copy: the result's data may be a view on memory the runtime reuses.
      const data = tensor.data.slice();
      outputs[name] = { type: tensor.type, data, dims: tensor.dims };
      transfer.push(data.buffer);
    }
    parentPort.postMessage({ id, outputs, ms }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
