import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ModelEntry {
  id: string;
  package: string;
  version: string;
  path: string;
  sha256: string;
  bytes: number;
  licence: string;
  input: string;
  output: string;
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

/** Where fetch-models.mjs put the weights (MODELS_DIR overrides). */
export function weightsPath(id: string): string {
  modelEntry(id);
  return path.join(process.env.MODELS_DIR ?? path.join(root, '.cache', 'weights'), `${id}.onnx`);
}
