import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { peopleContext } from '../../../services/src/contexts/people';
import { webinarsContext } from '../../../services/src/contexts/webinars';
import { webinarsRealtime } from '../../../services/src/contexts/webinars/realtime';
import type { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { createRealtime } from '../../../services/src/platform/realtime/plugin';
import type { ReadModelDb } from '../../../services/src/platform/read-models/database';
import { testAuthenticator } from '../records/records-app';
import { startProjectedStore, testServices } from '../support/projected-store';
import { routeAccessTable } from '../../support/access-tables';

export interface WebinarsApp {
  app: FastifyInstance;
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The webinars context as the platform runs it, listening on a port: its routes (with the route access
 * table), its process manager, the assignments read model it reads classes and assignments from, and
 * the realtime socket with its channel rule. Tokens are the record API's test tokens.
 */
export async function startWebinarsApp(): Promise<WebinarsApp> {
  const ground = await startProjectedStore('webinars', [assignmentsContext, peopleContext, webinarsContext]);
  const { store, db } = ground;
  const services = testServices(ground);
  const realtime = createRealtime({
    authenticator: testAuthenticator,
    store,
    contributions: [webinarsRealtime(services)],
    secret: randomBytes(32),
  });
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: testAuthenticator, table: routeAccessTable },
    plugins: [(api) => webinarsContext.routes!(api, services), realtime.plugin],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    store,
    db,
    async caughtUp() {
      const names = [...ground.projections, 'webinars.assignment-webinars'];
      await ground.caughtUp(names);
      await ground.caughtUp(names);
    },
    async close() {
      await app.close();
      await ground.stop();
    },
  };
}
