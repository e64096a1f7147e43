import { Tensor, type InferenceSession } from 'onnxruntime-common';

/**
 * What a runner needs of an ONNX runtime: a session to run. onnxruntime-node (server) and
 * onnxruntime-web (browser) both create sessions over onnxruntime-common's Tensor, so the runners are
 * written once against this and the caller chooses the runtime.
 */
export type ModelSession = Pick<InferenceSession, 'run'>;

export function float32(data: Float32Array, dims: readonly number[]): Tensor {
  return new Tensor('float32', data, dims);
}

export function int64(value: bigint): Tensor {
  return new Tensor('int64', BigInt64Array.from([value]), []);
}

export function outputOf(result: InferenceSession.ReturnType, name: string): Float32Array {
  const tensor = result[name];
  if (!tensor) throw new Error(`the model gave no output '${name}'`);
  return tensor.data as Float32Array;
}
