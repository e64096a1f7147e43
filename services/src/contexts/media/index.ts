import type { BoundedContext } from '..';
import { mediaProjection } from './read-model/projection';
import { mediaMigrations } from './read-model/tables';
import { mediaRealtime } from './realtime';
import { mediaRoutes } from './routes';
import { TranscoderWorker } from './transcoder/worker';

/**
 * Recordings and media (docs/media.md). The transcoder worker runs beside the api routes in every api
 * process unless TRANSCODER=off; several workers share the job list safely (transcoder/worker.ts).
 */
export const mediaContext: BoundedContext = {
  name: 'media',
  migrations: mediaMigrations,
  projections: [mediaProjection],
  routes: async (app, services) => {
    await mediaRoutes(app, services);
    if (process.env.TRANSCODER === 'off') return;
    const worker = new TranscoderWorker(services, { log: (line) => app.log.error(line) });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  realtime: (services) => mediaRealtime(services),
};
