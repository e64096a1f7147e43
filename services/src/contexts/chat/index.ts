import type { BoundedContext } from '../../platform/context';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { chatRouteAccess } from './access-rules';
import { chatMediaGrant } from './media-grant';
import { chatPeopleProcess } from './people-follow';
import { chatProjection } from './read-model/projection';
import { chatMigrations } from './read-model/tables';
import { chatRealtime } from './realtime';
import { chatRoutes } from './routes';
import { watcherChatRoutes } from './watcher-chats';

/**
 * Chat: a class's and an is_chat assignment's group chats, their messages, moderation and read
 * positions, and the live pushes of the chat modal. See docs/chat.md.
 */
export const chatContext: BoundedContext = {
  name: 'chat',
  routeAccess: chatRouteAccess,
  migrations: chatMigrations,
  projections: [chatProjection],
  routes: async (app, services) => {
    await chatRoutes(app, services);
    await watcherChatRoutes(app, services);
    const runner = new ProjectionRunner({
      store: services.store,
      db: services.db,
      projections: [chatPeopleProcess(services)],
      log: (message, fields) => app.log.warn({ ...fields }, message),
    });
    await runner.start();
    app.addHook('onClose', async () => runner.stop());
  },
  realtime: (services) => chatRealtime(services),
  mediaGrant: (services) => chatMediaGrant(services),
};
