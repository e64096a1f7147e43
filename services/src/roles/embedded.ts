import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../platform/config/config';
import { startPlatform, type RunningPlatform } from './platform';
import { contexts } from '../contexts';

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  host?: string;
  demo?: boolean;
  /**
   * With demo: the past exams too. Off unless asked, so a test's counts are its own (`npm start` runs
   * main.ts, where DEMO_HISTORY is on unless 0).
   */
  demoHistory?: boolean;
  logLevel?: string;
  announce?: (line: string) => void;
}

export const webDist = path.resolve(fileURLToPath(new URL('../../../web/dist', import.meta.url)));

/**
 * The whole platform in this process with embedded back ends: what `npm start` runs, and what the
 * black-box and browser tests start.
 */
export async function startEmbeddedPlatform(
  options: EmbeddedOptions,
): Promise<RunningPlatform & { url: string }> {
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    PORT: String(options.port ?? 0),
    HOST: options.host ?? '127.0.0.1',
    DEMO: options.demo ? '1' : '0',
    DEMO_HISTORY: options.demoHistory ? '1' : '0',
    LOG_LEVEL: options.logLevel ?? 'warn',
  });
  const platform = await startPlatform({
    config,
    roles: ['api', 'projector'],
    contexts,
    webDist,
    announce: options.announce ?? (() => undefined),
  });
  if (!platform.url) throw new Error('the api role did not start');
  return { ...platform, url: platform.url };
}
