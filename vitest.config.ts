import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{agent,events,services,models,scripts,tests}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/browser/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration suites share one PostgreSQL server; two cores run two files at a time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
