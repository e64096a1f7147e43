#!/usr/bin/env node
// `npx sabaq-agent …` in development: the agent runs from its TypeScript source through tsx (the
// repository's own), since Node does not run .ts files by itself. The executables bundle the same
// source instead (scripts/build-sea.mjs).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
