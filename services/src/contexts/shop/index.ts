import { fileURLToPath } from 'node:url';
import type { Migration } from 'kysely';
import type { BoundedContext } from '../../platform/context';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { shopRecordAccess, shopRouteAccess } from './access-rules';
import { shopCollections } from './collections';
import { seedShopDemo } from './demo-seed';
import { fulfilmentProcess } from './fulfilment';
import { grantsProjection, ordersProjection } from './read-model/orders-projection';
import { ordersMigrations, providerKeysMigrations } from './read-model/orders-table';
import { shopRealtime } from './realtime';
import { shopRoutes } from './routes';

/** The shop: products, basket, promo codes, delivery, orders and payments as events. See docs/shop.md. */
export const shopContext: BoundedContext = {
  name: 'shop',
  routeAccess: shopRouteAccess,
  recordAccess: shopRecordAccess,
  migrations: {
    ...(Object.fromEntries(
      shopCollections.map((c, i) => [
        `16${String(i).padStart(2, '0')}_shop_${c.collection.name.replace(/-/g, '_')}`,
        c.migration,
      ]),
    ) as Record<string, Migration>),
    ...ordersMigrations,
    ...providerKeysMigrations,
  },
  analyticsMigrations: fileURLToPath(new URL('./analytics-migrations/', import.meta.url)),
  projections: [...shopCollections.map((c) => c.projection), ordersProjection, grantsProjection],
  routes: async (app, services) => {
    await shopRoutes(app, services);
    const runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      projections: [fulfilmentProcess(services)],
      log: (message, fields) => app.log.warn({ ...fields }, message),
    });
    await runner.start();
    app.addHook('onClose', async () => runner.stop());
  },
  realtime: (services) => shopRealtime(services),
  seed: seedShopDemo,
};
