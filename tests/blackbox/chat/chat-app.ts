import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { chatContext } from '../../../services/src/contexts/chat';
import { CHAT_PEOPLE_PROCESS } from '../../../services/src/contexts/chat/people-follow';
import { chatRealtime } from '../../../services/src/contexts/chat/realtime';
import { chatRoutes } from '../../../services/src/contexts/chat/routes';
import { watcherChatRoutes } from '../../../services/src/contexts/chat/watcher-chats';
import { identityContext } from '../../../services/src/contexts/identity';
import { mediaContext } from '../../../services/src/contexts/media';
import { shareRoutes } from '../../../services/src/contexts/media/library/share-routes';
import { MediaSigner } from '../../../services/src/contexts/media/signing';
import { mediaGrantsOf } from '../../../services/src/platform/context';
import { notificationsContext } from '../../../services/src/contexts/notifications';
import { NOTIFYING_PROCESS } from '../../../services/src/contexts/notifications/process-manager';
import { webinarsContext } from '../../../services/src/contexts/webinars';
import { ASSIGNMENT_WEBINARS_PROCESS } from '../../../services/src/contexts/webinars/assignment-webinar';
import { peopleContext } from '../../../services/src/contexts/people';
import type { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { createRealtime } from '../../../services/src/platform/realtime/plugin';
import type { ReadModelDb } from '../../../services/src/platform/read-models/database';
import { routeAccessTable } from '../../support/access-tables';
import { testAuthenticator } from '../records/records-app';
import { startProjectedStore, testServices } from '../support/projected-store';

export interface ChatApp {
  app: FastifyInstance;
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The chat context as the platform runs it, listening on a port: its routes (with the route access
 * table), its process manager, the assignments read model, the people and media tables it reads, and
 * the realtime socket with its channel rule and pushes; the notifications and webinars contexts beside
 * it, and the media library's view of a file (a chat attachment's reader opens it through the chat's
 * media grant). Tokens are the record API's test tokens. With `followPeople: false` the chat's process
 * manager does not run: classes and assignments get no chat on their own, as those made before the chat
 * existed, and only the calls that make a chat on demand make one.
 */
export async function startChatApp(options: { followPeople?: boolean } = {}): Promise<ChatApp> {
  const followPeople = options.followPeople ?? true;
  const ground = await startProjectedStore('chat', [
    assignmentsContext,
    chatContext,
    // Personal messages to offline readers become notifications; webinars get their chats.
    notificationsContext,
    webinarsContext,
    { migrations: peopleContext.migrations, projections: [] },
    // The users table, where notifications read an author's name.
    { migrations: identityContext.migrations, projections: [] },
    // The library's files, which messages attach and participants open (GET /api/media/{id}/view).
    mediaContext,
  ]);
  const { store, db } = ground;
  const services = testServices(ground, { mediaGrants: mediaGrantsOf([chatContext], ground) });
  const realtime = createRealtime({
    authenticator: testAuthenticator,
    store,
    contributions: [chatRealtime(services)],
    secret: randomBytes(32),
  });
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: testAuthenticator, table: routeAccessTable },
    plugins: [
      followPeople
        ? (api) => chatContext.routes!(api, services)
        : async (api) => {
            await chatRoutes(api, services);
            await watcherChatRoutes(api, services);
          },
      (api) => notificationsContext.routes!(api, services),
      (api) => webinarsContext.routes!(api, services),
      (api) => shareRoutes(api, services, new MediaSigner(randomBytes(32), services.clock)),
      realtime.plugin,
    ],
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
      const names = [
        ...ground.projections,
        ...(followPeople ? [CHAT_PEOPLE_PROCESS] : []),
        NOTIFYING_PROCESS,
        ASSIGNMENT_WEBINARS_PROCESS,
      ];
      // Twice: the process manager's appends are applied by the projections in a second round.
      await ground.caughtUp(names);
      await ground.caughtUp(names);
    },
    async close() {
      await app.close();
      await ground.stop();
    },
  };
}
