import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mediaGrantsOf, routeAccessOf, type ContextServices } from '../platform/context';
import { ObservedEventStore } from '../platform/event-store/observed-event-store';
import { nobodyAuthenticator } from '../platform/http/authenticate';
import { buildServer } from '../platform/http/server';
import { createRealtime } from '../platform/realtime/plugin';
import { realtimeSecret } from '../platform/realtime/secret';
import type { EventStore } from '../platform/ports/event-store';
import { registerWorkerTools } from '../platform/http/worker-tools';
import type { Backends } from './backends';
import { followReadModelChanges } from '../platform/read-models/change-feed';
import { ReadModelCache } from '../platform/read-models/read-model-cache';

/** What contexts' routes, seeds and realtime contributions are given. */
export function contextServices(b: Backends, store: EventStore = b.store): ContextServices {
  const base = {
    store,
    db: b.db,
    registry: b.registry,
    ingest: b.log.ingest,
    objects: b.objects,
    analytics: b.analytics,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: b.config.demo,
    demoHistory: b.config.demoHistory,
  };
  const provider = b.contexts.find((c) => c.authenticator)?.authenticator;
  return {
    ...base,
    authenticator: provider ? provider(base) : nobodyAuthenticator,
    mediaGrants: mediaGrantsOf(b.contexts, base),
  };
}

/** Seeds, then serves the contexts' routes, realtime channels and the web app; returns the base URL. */
export async function startApiRole(
  b: Backends,
  webDist: string | undefined,
): Promise<{ http: FastifyInstance; url: string }> {
  b.health.register('http', 'fastify', async () => undefined);
  registerWorkerTools(b.health);
  // Contexts write through a store that reports changed streams, so the authenticator may cache callers.
  const observed = new ObservedEventStore(b.store);
  await observed.follow();
  b.onStop(() => observed.stopFollowing());
  // Record reads are cached while their projections change nothing (read-models/read-model-cache.ts).
  const cache = new ReadModelCache();
  cache.attachTo(b.db);
  const feed = await followReadModelChanges(b.databaseUrl, cache, (message) => b.announce(message));
  b.onStop(async () => {
    await feed.stop();
    cache.detachFrom(b.db);
  });
  const services = contextServices(b, observed);
  for (const context of b.contexts) await context.seed?.(services);
  // Realtime channels: GET /ws and POST /broadcasting/auth, pushes read from the log (docs/realtime.md).
  const { secret, shared } = realtimeSecret(b.config.realtimeSecret);
  const realtime = createRealtime({
    authenticator: services.authenticator,
    store: b.store,
    contributions: b.contexts.flatMap((c) => (c.realtime ? [c.realtime(services)] : [])),
    secret,
    projectedPushesFrom: b.databaseUrl,
  });
  if (!shared && !b.embedded) {
    b.announce('realtime: REALTIME_SECRET unset; channel signatures hold on this instance only');
  }
  const http = await buildServer({
    health: b.health,
    logLevel: b.config.logLevel,
    webDist,
    routeAccess: { authenticator: services.authenticator, table: routeAccessOf(b.contexts) },
    plugins: [
      ...b.contexts.flatMap((c) => (c.routes ? [(app: FastifyInstance) => c.routes!(app, services)] : [])),
      realtime.plugin,
    ],
  });
  await http.listen({ port: b.config.port, host: b.config.host });
  b.onStop(() => http.close());
  const bound = http.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : b.config.port;
  const host = b.config.host.includes(':') ? `[${b.config.host}]` : b.config.host;
  const url = `http://${host}:${port}`;
  b.announce(`HTTP on ${url} (health: ${url}/health)`);
  return { http, url };
}

/** Roles without the API still answer /health on PORT, for container health checks. */
export async function startHealthOnly(b: Backends): Promise<void> {
  const server = await buildServer({ health: b.health, logLevel: b.config.logLevel });
  await server.listen({ port: b.config.port, host: b.config.host });
  b.onStop(() => server.close());
  b.announce(`health on http://${b.config.host}:${b.config.port}/health`);
}
