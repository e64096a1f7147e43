import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { shopContext } from '../../../services/src/contexts/shop';
import { FULFILMENT_PROCESS } from '../../../services/src/contexts/shop/fulfilment';
import { shopRealtime } from '../../../services/src/contexts/shop/realtime';
import { createRealtime } from '../../../services/src/platform/realtime/plugin';
import type { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import type { ReadModelDb } from '../../../services/src/platform/read-models/database';
import { routeAccessTable } from '../../support/access-tables';
import { testAuthenticator } from '../records/records-app';
import { startProjectedStore, testServices } from '../support/projected-store';

export interface ShopApp {
  app: FastifyInstance;
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shop context as the platform runs it, listening on a port: its routes behind the route access
 * table, its read models, its fulfilment process and the realtime socket with the order channel's rule.
 */
export async function startShopApp(
  options: { database?: string; clock?: () => Date } = {},
): Promise<ShopApp> {
  const ground = await startProjectedStore(options.database ?? 'shop', [shopContext]);
  const services = testServices(ground, options.clock ? { clock: options.clock } : {});
  const realtime = createRealtime({
    authenticator: testAuthenticator,
    store: ground.store,
    contributions: [shopRealtime(services)],
    secret: randomBytes(32),
  });
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: testAuthenticator, table: routeAccessTable },
    plugins: [(api) => shopContext.routes!(api, services), realtime.plugin],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    store: ground.store,
    db: ground.db,
    async caughtUp() {
      const names = [...ground.projections, FULFILMENT_PROCESS];
      await ground.caughtUp(names);
      await ground.caughtUp(names);
    },
    async close() {
      await app.close();
      await ground.stop();
    },
  };
}
