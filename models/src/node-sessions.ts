import { existsSync } from 'node:fs';
import { InferenceSession } from 'onnxruntime-node';
import { weightsPath } from './manifest';

const sessions = new Map<string, Promise<InferenceSession>>();

/**
 * The onnxruntime-node session of a manifest model, created once per process. One intra-op thread:
 * the analyzer runs several detectors side by side on few cores, so parallelism comes from there.
 */
export function serverSession(id: string): Promise<InferenceSession> {
  let session = sessions.get(id);
  if (!session) {
    const file = weightsPath(id);
    if (!existsSync(file)) {
      throw new Error(`model ${id} is missing: run node models/scripts/fetch-models.mjs`);
    }
    // Denormals flushed to zero, as in the workers (onnx-worker.mjs says why).
    session = InferenceSession.create(file, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      extra: { session: { set_denormal_as_zero: '1' } },
    });
    sessions.set(id, session);
  }
  return session;
}
