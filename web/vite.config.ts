import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The platform's HTTP server. `npm start` listens on 8080; SABAQ_API_URL points the dev server elsewhere.
const apiTarget = process.env.SABAQ_API_URL ?? 'http://127.0.0.1:8080';

// Everything the browser asks of the platform itself rather than of the app's static files.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/health': { target: apiTarget, changeOrigin: true },
  '/oauth': { target: apiTarget, changeOrigin: true },
  // The exam client's detectors fetch their ONNX models from the platform (GET /models/<id>.onnx).
  '/models': { target: apiTarget, changeOrigin: true },
  '/ws': { target: apiTarget, changeOrigin: true, ws: true },
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible built file over 1 KB, once at build
 * time, so the platform serves them without compressing per request (@fastify/static `preCompressed`,
 * docs/web.md "Serving"). The large wasm runtime gets a faster brotli level: the best one would add
 * a minute to every build for a file only the exam page loads.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sabaq-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < 1024) return;
          const content = await readFile(full);
          const quality = content.length > 2_000_000 ? 5 : 11;
          await writeFile(
            `${full}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
          );
          await writeFile(`${full}.gz`, await gzipAsync(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  // One copy of TipTap's core and ProseMirror bundle for the editor, its starter kit and the math
  // extension (installed at different levels): two copies would make their nodes foreign to each other.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy },
  // `vite preview` serves the built app against the same platform as `vite dev`.
  preview: { proxy },
});
