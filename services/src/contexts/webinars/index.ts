import type { BoundedContext } from '../../platform/context';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { assignmentWebinarsProcess } from './assignment-webinar';
import { webinarsProjection } from './read-model/projection';
import { webinarsMigrations } from './read-model/tables';
import { webinarsRealtime } from './realtime';
import { webinarsRoutes } from './routes';
import { webinarsRouteAccess } from './access-rules';

/**
 * Webinars: small video meetings of a class (a WebRTC mesh signalled over the realtime socket), made
 * by hand or for an is_webinar assignment. See docs/webinars.md.
 */
export const webinarsContext: BoundedContext = {
  name: 'webinars',
  routeAccess: webinarsRouteAccess,
  migrations: webinarsMigrations,
  projections: [webinarsProjection],
  routes: async (app, services) => {
    await webinarsRoutes(app, services);
    const runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      projections: [assignmentWebinarsProcess(services)],
      log: (message, fields) => app.log.warn({ ...fields }, message),
    });
    await runner.start();
    app.addHook('onClose', async () => runner.stop());
  },
  realtime: (services) => webinarsRealtime(services),
};
