import type { BoundedContext } from '../../platform/context';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { notifyingProcess } from './process-manager';
import { notificationsProjection } from './read-model/projection';
import { notificationsMigrations } from './read-model/tables';
import { notificationsRealtime } from './realtime';
import { notificationsRoutes } from './routes';
import { notificationsRouteAccess } from './access-rules';

/**
 * Notifications: a process manager makes them from other contexts' events (sources.ts), the inbox read
 * model, the caller's own list and read marks, and the live push. See docs/notifications.md.
 */
export const notificationsContext: BoundedContext = {
  name: 'notifications',
  routeAccess: notificationsRouteAccess,
  migrations: notificationsMigrations,
  projections: [notificationsProjection],
  routes: async (app, services) => {
    await notificationsRoutes(app, services);
    // Run beside the api's routes, like the certificates' issuing process: its own checkpoint.
    const runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      projections: [notifyingProcess(services)],
      log: (message, fields) => app.log.warn({ ...fields }, message),
    });
    await runner.start();
    app.addHook('onClose', async () => runner.stop());
  },
  realtime: () => notificationsRealtime(),
};
