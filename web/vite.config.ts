import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // One copy of TipTap's core and ProseMirror bundle for the editor, its starter kit and the math
  // extension (installed at different levels): two copies would make their nodes foreign to each other.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy },
  // `vite preview` serves the built app against the same platform as `vite dev`.
  preview: { proxy },
});
