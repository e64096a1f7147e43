import type { BoundedContext } from '../../platform/context';
import { presenceMigrations } from './external/presence-table';
import { mediaProjection } from './read-model/projection';
import { mediaMigrations } from './read-model/tables';
import { mediaRealtime } from './realtime';
import { mediaRoutes } from './routes';
import { startRetentionSweeper } from './retention/retention';
import { timeLimitFromEnv } from '../../platform/jobs/leased-job-worker';
import { TranscoderWorker } from './transcoder/worker';
import { mediaRouteAccess, mediaRecordAccess } from './access-rules';

const HOUR = 3600_000;

/**
 * Recordings and media (docs/media.md). The transcoder worker and the hourly retention sweep run beside
 * the api routes in every api process unless TRANSCODER=off; several processes share both safely.
 */
export const mediaContext: BoundedContext = {
  name: 'media',
  routeAccess: mediaRouteAccess,
  recordAccess: mediaRecordAccess,
  migrations: { ...mediaMigrations, ...presenceMigrations },
  projections: [mediaProjection],
  routes: async (app, services) => {
    await mediaRoutes(app, services);
    if (process.env.TRANSCODER === 'off') return;
    const worker = new TranscoderWorker(services, {
      log: (line) => app.log.error(line),
      timeLimitMs: timeLimitFromEnv('TRANSCODE_TIME_LIMIT_S'),
    });
    let stopSweeper: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      worker.start();
      stopSweeper = startRetentionSweeper(services, HOUR, (line) => app.log.error(line));
    });
    app.addHook('onClose', async () => {
      await stopSweeper?.();
      await worker.stop();
    });
  },
  realtime: (services) => mediaRealtime(services),
};
