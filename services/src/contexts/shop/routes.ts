import type { FastifyInstance } from 'fastify';
import type { ContextServices } from '../../platform/context';
import { registerCollections } from '../../platform/http/records/routes';
import { shopRecordAccess } from './access-rules';
import { shopCollections } from './collections';
import { basketRoutes } from './http/basket-routes';
import { lookupRoutes } from './http/lookup-routes';
import { orderRoutes } from './http/order-routes';
import { paymentRoutes } from './http/payment-routes';
import { testProviderRoutes } from './http/test-provider-routes';

/** The shop's calls (001 §7 Basket and payment, 000 §7): see docs/shop.md; each group in http/. */
export async function shopRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  await registerCollections(
    app,
    services,
    shopCollections.map((c) => c.collection),
    shopRecordAccess,
  );
  basketRoutes(app, services);
  await paymentRoutes(app, services);
  await testProviderRoutes(app, services);
  orderRoutes(app, services);
  lookupRoutes(app, services);
}
