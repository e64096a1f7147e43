import { defineConfig } from 'vitest/config';

// Unit tests of the web app's pure parts (API client, formatting): no browser, no DOM.
// Screens are checked end to end by tests/browser against the real platform.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'web',
    include: ['src/**/*.unit.test.ts'],
    environment: 'node',
  },
});
