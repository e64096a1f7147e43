import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ModelFile {
  path: string;
  sha256: string;
  bytes: number;
}

export interface ModelEntry extends ModelFile {
  id: string;
  /** Absent: one ONNX file. "tfjs-graph": `path` is the model.json, `shards` its weight files. */
  format?: 'tfjs-graph';
  shards?: ModelFile[];
  package: string;
  version: string;
  licence: string;
  input: string;
  output: string;
  /**
   * What the server's analyzer makes of it: without a `required` model it does not run; without an
   * `optional` one it runs and reports that model's detectors as not run; absent: the analyzer does not
   * use it. The analysis context's REQUIRED_MODELS and DETECTOR_MODELS say the same (a test keeps them
   * equal), for the platform's /health, which may not read a context.
   */
  analyzer?: 'required' | 'optional';
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function manifest(): ModelEntry[] {
  return (JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as { models: ModelEntry[] })
    .models;
}

export function modelEntry(id: string): ModelEntry {
  const entry = manifest().find((m) => m.id === id);
  if (!entry) throw new Error(`no model '${id}' in models/manifest.json`);
  return entry;
}

function weightsDir(): string {
  return process.env.MODELS_DIR ?? path.join(root, '.cache', 'weights');
}

/**
 * Where fetch-models.mjs put the weights (MODELS_DIR overrides): `<id>.onnx`, or for a TensorFlow.js
 * graph model its `<id>/model.json`, with the shards beside it.
 */
export function weightsPath(id: string): string {
  const entry = modelEntry(id);
  if (entry.format === 'tfjs-graph') return path.join(weightsDir(), id, 'model.json');
  return path.join(weightsDir(), `${id}.onnx`);
}

/** Whether every file of the model is on disk (fetch-models.mjs checked their hashes). */
export function modelAvailable(id: string): boolean {
  const main = weightsPath(id);
  const shards = modelEntry(id).shards ?? [];
  return [main, ...shards.map((s) => path.join(path.dirname(main), path.basename(s.path)))].every((f) =>
    existsSync(f),
  );
}
