import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError } from '../errors';
import { authenticate } from '../http/authenticate';
import type { Authenticator } from '../http/caller';
import type { EventStore } from '../ports/event-store';
import { ChannelAuthoriser, ChannelSigner, parseChannel } from './channels';
import type { RealtimeContribution } from './contribution';
import { DEFAULT_LIMITS, RealtimeHub, type HubLimits } from './hub';
import { followProjectedPushes, type ProjectedPushFeed } from './projected-pushes';
import { PushFeed } from './push-feed';
import { runSocketSession } from './socket-session';

export interface RealtimeOptions {
  authenticator: Authenticator;
  store: EventStore;
  contributions: readonly RealtimeContribution[];
  /** Shared by every api instance: a channel signed by one is accepted by the socket on another. */
  secret: Buffer;
  limits?: Partial<HubLimits>;
  /** How long a new socket may take to send its authenticate frame. */
  authTimeoutMs?: number;
  /**
   * Largest frame a client may send: control frames are small, and a context's frames (proctoring's
   * actions) carry small records; anything with files goes over HTTP.
   */
  maxClientFrameBytes?: number;
  /**
   * The database projections NOTIFY their pushes in (projected-pushes.ts): pushes sent at a batch's
   * commit, such as "these timelines changed". Without it, only pushes from events go out.
   */
  projectedPushesFrom?: string;
}

export interface Realtime {
  hub: RealtimeHub;
  feed: PushFeed;
  /** Registers GET /ws and POST /broadcasting/auth, starts the feed, and closes both with the server. */
  plugin(app: FastifyInstance): Promise<void>;
}

const authBody = z.object({
  socket_id: z.string().min(1).max(100),
  channel_name: z.string().min(1).max(80),
});

export function createRealtime(options: RealtimeOptions): Realtime {
  const hub = new RealtimeHub({ ...DEFAULT_LIMITS, ...options.limits });
  for (const contribution of options.contributions) contribution.presence?.(hub);
  const authoriser = new ChannelAuthoriser(options.contributions.flatMap((c) => c.channels ?? []));
  const signer = new ChannelSigner(options.secret);
  const handlers = new Map(options.contributions.flatMap((c) => c.messages ?? []).map((h) => [h.event, h]));
  const whispers = options.contributions.flatMap((c) => c.whispers ?? []);
  hub.on('left', ({ socketId, channel }) => {
    const kind = parseChannel(channel)?.kind;
    for (const handler of whispers) if (handler.kind === kind) handler.left?.(socketId, channel);
  });
  const maxPayload = Math.max(
    options.maxClientFrameBytes ?? 16 * 1024,
    ...whispers.map((handler) => handler.maxFrameBytes ?? 0),
  );
  const feed = new PushFeed({
    store: options.store,
    mappers: options.contributions.flatMap((c) => c.pushes ?? []),
    publish: (push) => hub.publish(push),
    // A logout closes the user's sockets whatever they listen to.
    wanted: (push) => push.event === 'LogoutAction' || hub.hasListeners(push.channel),
    onError: (error, event) =>
      console.warn(`realtime: no push for ${event.type} ${event.id}: mapping failed`, error),
  });

  let projected: ProjectedPushFeed | undefined;

  async function plugin(app: FastifyInstance): Promise<void> {
    await app.register(websocket, {
      options: { maxPayload },
      // Our own goodbye (1001 with a reason) instead of the plugin's bare close.
      preClose: async () => {
        await projected?.stop();
        await feed.stop();
        await hub.close();
        // Sockets still authenticating are not in the hub; nothing was promised to them.
        for (const client of app.websocketServer.clients) client.terminate();
      },
    });
    await feed.start();
    const source = options.projectedPushesFrom;
    if (source) {
      projected = await followProjectedPushes(
        source,
        (push) => hub.publish(push),
        (message) => app.log.warn(message),
      );
    }

    app.get('/ws', { websocket: true }, (socket, request) =>
      runSocketSession(socket, {
        authenticator: options.authenticator,
        signer,
        hub,
        authTimeoutMs: options.authTimeoutMs ?? 10_000,
        log: request.log,
        handlers,
        whispers,
      }),
    );

    app.withTypeProvider<ZodTypeProvider>().post(
      '/broadcasting/auth',
      {
        schema: { body: authBody, response: { 200: z.object({ auth: z.string() }) } },
        preHandler: authenticate(options.authenticator),
      },
      async (request) => {
        const caller = request.caller;
        const { socket_id, channel_name } = request.body;
        if (!caller || !(await authoriser.allows(caller, channel_name))) {
          throw new ForbiddenError('You may not listen to this channel');
        }
        return { auth: signer.sign(socket_id, channel_name, caller.userId) };
      },
    );
  }

  return { hub, feed, plugin };
}
