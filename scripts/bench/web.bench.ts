/**
 * `npm run bench -- web`: the web app's download sizes. Builds the app (into a scratch folder, with
 * Vite's manifest), then measures gzipped JavaScript: what the first page needs (the entry and its static
 * imports: the index with the sign-in modal), the main layout, and each area's screens on top of that.
 * The baseline is a bare React + ReactDOM bundle built the same way in the same run; the budget for the
 * first page is 300 KB gzipped, and the run fails above it. Then the proctor's timeline of 10,000 actions
 * (web-timeline.ts), the page loads of sign-in and each area's main page (web-navigation.ts), and the
 * exam page's main-thread long tasks with every detector on (web-exam.ts).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { hostInfo } from './host';
import { figure, record, type Figure } from './record';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(repoRoot, 'web');
const BUDGET_KB = 300;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The areas' modules (web/src/app/areas) and the main layout, as the router loads them. */
const LAZY_PARTS = {
  shell: 'src/app/shell/index.ts',
  area_t: 'src/app/areas/teacher.tsx',
  area_s: 'src/app/areas/student.tsx',
  area_m: 'src/app/areas/manager.tsx',
  area_p: 'src/app/areas/proctor.tsx',
  area_a: 'src/app/areas/admin.tsx',
} as const;

async function gzipKb(dir: string, file: string): Promise<number> {
  return gzipSync(await readFile(path.join(dir, file)), { level: 9 }).length / 1024;
}

/** A chunk and everything it imports statically: what the browser fetches to run it. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

async function sizeOf(dir: string, manifest: Manifest, keys: Iterable<string>): Promise<number> {
  let total = 0;
  for (const key of keys) total += await gzipKb(dir, manifest[key]!.file);
  return total;
}

async function buildApp(outDir: string): Promise<Manifest> {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** React and ReactDOM rendering one element: the floor any React app starts from. */
async function bareReactKb(scratch: string): Promise<number> {
  const root = path.join(scratch, 'bare');
  await mkdir(root, { recursive: true });
  await writeFile(
    path.join(root, 'index.html'),
    '<div id="root"></div><script type="module" src="./main.js"></script>',
  );
  await writeFile(
    path.join(root, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'Sabaq'));\n",
  );
  const outDir = path.join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    resolve: {
      alias: {
        react: path.join(repoRoot, 'node_modules/react'),
        'react-dom': path.join(repoRoot, 'node_modules/react-dom'),
      },
    },
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  return sizeOf(outDir, manifest, closure(manifest, entry));
}

/** `npm run bench -- web navigation`: only the page loads (web-navigation.ts), for before/after runs. */
async function navigationOnly(): Promise<void> {
  process.env.NODE_ENV = 'production';
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const navigation = await (await import('./web-navigation')).navigationFigures();
  const loadAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
  record(navigation.figures, { ...hostInfo(), load_avg_start: loadAtStart, load_avg_end: loadAtEnd });
  const { NAVIGATION_TARGET_MS } = await import('./web-navigation');
  if (navigation.slowest > NAVIGATION_TARGET_MS)
    console.error(
      `the slowest page took ${Math.round(navigation.slowest)} ms, over ${NAVIGATION_TARGET_MS} ms`,
    );
}

async function main(): Promise<void> {
  if (process.argv[2] === 'navigation') return navigationOnly();
  process.env.NODE_ENV = 'production';
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  const scratch = await mkdtemp(path.join(repoRoot, '.tmp/bench-web-'));
  try {
    const outDir = path.join(scratch, 'app');
    const manifest = await buildApp(outDir);
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const initial = closure(manifest, entry);
    const initialKb = await sizeOf(outDir, manifest, initial);
    let cssKb = 0;
    for (const css of new Set([...initial].flatMap((key) => manifest[key]!.css ?? [])))
      cssKb += await gzipKb(outDir, css);
    const baselineKb = await bareReactKb(scratch);

    const figures: Figure[] = [
      size('initial_js_gzip_kb', initialKb, baselineKb),
      size('initial_js_budget_used', initialKb / BUDGET_KB, 1, '×budget'),
      size('initial_css_gzip_kb', cssKb, null),
    ];
    for (const [name, source] of Object.entries(LAZY_PARTS)) {
      if (!manifest[source]) throw new Error(`${source} is not a chunk of its own: the area is not split`);
      // What opening the part adds to what the first page already loaded.
      const added = [...closure(manifest, source)].filter((key) => !initial.has(key));
      figures.push(size(`${name}_js_gzip_kb`, await sizeOf(outDir, manifest, added), null));
    }
    figures.push(...(await (await import('./web-timeline')).timelineFigures())); // the proctor's timeline
    figures.push(...(await (await import('./web-navigation')).navigationFigures()).figures); // page loads
    const exam = await (await import('./web-exam')).examFigures(); // the exam page's main thread
    figures.push(...exam.figures);
    record(figures, { ...hostInfo(), budget_kb: BUDGET_KB, load_avg_start: loadAtStart, ...exam.host });
    if (exam.failure) {
      console.error(exam.failure);
      process.exitCode = 1;
    }
    if (initialKb > BUDGET_KB) {
      console.error(
        `the first page needs ${initialKb.toFixed(1)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget`,
      );
      process.exitCode = 1;
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A size in kilobytes to two decimals. */
const size = (metric: string, value: number, baseline: number | null, unit = 'KB') =>
  figure('web', metric, value, baseline, unit, 2);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
