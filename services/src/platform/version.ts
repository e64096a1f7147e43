import { readFileSync } from 'node:fs';

/** The platform's version, from the root package.json, shown in /health and at start-up. */
export const platformVersion: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
