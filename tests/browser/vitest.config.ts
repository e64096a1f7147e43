import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser tests start the whole platform and a Chromium per file: run them apart from the other tiers,
// one file at a time, with `npx vitest run --config tests/browser/vitest.config.ts`.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'browser',
    include: ['tests/browser/**/*.browser.test.ts'],
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    // A first run on a fresh machine may install Chromium with apt-get and build the web app.
    hookTimeout: 600_000,
    reporters: ['default'],
  },
});
