import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Tensor, type InferenceSession } from 'onnxruntime-common';
import { weightsPath } from './manifest';
import type { ModelSession } from './runtime';

interface WireTensor {
  type: Tensor.Type;
  data: Tensor.DataType;
  dims: readonly number[];
}

interface Pending {
  resolve: (answer: { outputs: InferenceSession.ReturnType; ms: number }) => void;
  reject: (error: Error) => void;
}

/** One worker thread (onnx-worker.mjs says why) and the requests it has not answered yet. */
class OnnxWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private failure: Error | null = null;

  constructor() {
    this.worker = new Worker(new URL('./onnx-worker.mjs', import.meta.url));
    // An idle worker must not keep a finished process (a test, a one-off analysis) alive.
    this.worker.unref();
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`an onnx worker stopped (exit code ${code})`)));
    this.worker.on(
      'message',
      (message: { id: number; outputs?: Record<string, WireTensor>; ms?: number; error?: string }) => {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (this.pending.size === 0) this.worker.unref();
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else
          waiting?.resolve({
            outputs: Object.fromEntries(
              Object.entries(message.outputs!).map(([name, t]) => [
                name,
                new Tensor(t.type, t.data as never, t.dims),
              ]),
            ) as InferenceSession.ReturnType,
            ms: message.ms ?? 0,
          });
      },
    );
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  get busy(): number {
    return this.pending.size;
  }

  run(
    file: string,
    feeds: InferenceSession.FeedsType,
  ): Promise<{ outputs: InferenceSession.ReturnType; ms: number }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    const wire = Object.fromEntries(
      Object.entries(feeds).map(([name, tensor]) => [
        name,
        { type: tensor.type, data: tensor.data, dims: tensor.dims } satisfies WireTensor,
      ]),
    );
    // The inputs' memory is handed over, not copied: structured cloning a frame's 0.9 MB tensor took
    // more of the main thread than the face detector's own post-processing, and left garbage on both
    // sides. Only a buffer the tensor owns whole is moved (a view on a larger one is copied as before);
    // the runners build each input afresh and never read it after the run.
    const transfer = Object.values(feeds)
      .map((tensor) => tensor.data)
      .filter(
        (data): data is Exclude<Tensor.DataType, string[]> =>
          ArrayBuffer.isView(data) &&
          data.buffer instanceof ArrayBuffer &&
          data.byteOffset === 0 &&
          data.byteLength === data.buffer.byteLength,
      )
      .map((data) => data.buffer as ArrayBuffer);
    // Only waiting on an answer keeps the process alive, as a pending run on the main thread would.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, file, feeds: wire }, [...new Set(transfer)]);
    });
  }

  private failAll(error: Error): void {
    this.failure = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}

let pool: OnnxWorker[] | null = null;

/** Workers: one per core, at most 4 (each holds every model it was asked for, about 13 MB of weights). */
function workers(): OnnxWorker[] {
  const size = Math.max(1, Math.min(4, availableParallelism()));
  // A worker that died (out of memory, a crash in the runtime) is replaced; its callers got its error.
  pool = (pool ?? []).filter((w) => !w.failed);
  while (pool.length < size) pool.push(new OnnxWorker());
  return pool;
}

/** A pooled session, and the milliseconds its runs computed in the workers (not waiting for one). */
export interface PooledSession extends ModelSession {
  readonly computed: { ms: number; runs: number };
}

/**
 * A manifest model run in the process's pool of onnx worker threads: each run goes to the least busy
 * worker, so the frames a caller keeps in flight are computed on different cores and the calling
 * thread stays free. Same runners, same results as `serverSession`, which runs on the calling thread.
 * A feed's data is moved to the worker (its buffer is detached after `run`): build it for the one run.
 */
export function pooledServerSession(id: string): PooledSession {
  const file = weightsPath(id);
  if (!existsSync(file)) {
    throw new Error(`model ${id} is missing: run node models/scripts/fetch-models.mjs`);
  }
  const computed = { ms: 0, runs: 0 };
  return {
    computed,
    async run(feeds: InferenceSession.FeedsType) {
      const least = workers().reduce((a, b) => (b.busy < a.busy ? b : a));
      const { outputs, ms } = await least.run(file, feeds);
      computed.ms += ms;
      computed.runs += 1;
      return outputs;
    },
  } as PooledSession;
}
