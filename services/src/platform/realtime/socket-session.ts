import { randomUUID } from 'node:crypto';
import {
  clientMessageSchema,
  CLOSE_CODES,
  whisperEvents,
  type ChannelName,
  type ClientMessage,
  type ServerMessage,
} from '@sabaq/events';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Authenticator, Caller } from '../http/caller';
import { parseChannel, type ChannelSigner } from './channels';
import type { ClientMessageHandler, WhisperHandler } from './contribution';
import { Connection, type RealtimeHub } from './hub';

export interface SocketSessionDeps {
  authenticator: Authenticator;
  signer: ChannelSigner;
  hub: RealtimeHub;
  authTimeoutMs: number;
  log: FastifyBaseLogger;
  /** Contexts' own frames by their event (`proctoring.actions`); only for authenticated sockets. */
  handlers?: ReadonlyMap<string, ClientMessageHandler>;
  /** Contexts that answer some whispers themselves (webinars' SFU), instead of a fan-out. */
  whispers?: readonly WhisperHandler[];
}

/**
 * The session id scopes LogoutAction to one device; without it every socket of the user is asked to
 * reauthenticate.
 */
function sessionOf(caller: Caller): string | undefined {
  return caller.sessionId;
}

/**
 * One socket's conversation: `authenticate` first (the token travels in a frame, so it never lands in an
 * access log), then subscribe, unsubscribe and whisper. Frames are handled strictly in order.
 */
export function runSocketSession(socket: WebSocket, deps: SocketSessionDeps): void {
  const socketId = randomUUID();
  let connection: Connection | undefined;
  let queue = Promise.resolve();
  const deadline = setTimeout(
    () => socket.close(CLOSE_CODES.unauthenticated, 'authenticate first'),
    deps.authTimeoutMs,
  );
  socket.on('close', () => clearTimeout(deadline));
  socket.on('error', (error) => deps.log.warn({ err: error, socketId }, 'websocket error'));
  socket.on('message', (raw: RawData, isBinary: boolean) => {
    queue = queue
      .then(() => handle(raw, isBinary))
      .catch((error: unknown) => {
        deps.log.error({ err: error, socketId }, 'websocket frame failed');
        socket.close(1011, 'internal error');
      });
  });

  // Before authentication nothing is answered: the socket is closed instead.
  const reply = (message: ServerMessage) => {
    if (connection) deps.hub.sendControl(connection, message);
  };

  async function handle(raw: RawData, isBinary: boolean): Promise<void> {
    const json = isBinary ? undefined : parseJson(raw.toString());
    // A context's frame (`proctoring.actions`, one per student action under load) goes straight to its
    // handler: first failing the platform's own frame schema built a validation error for each.
    const handler = connection ? handlerFor(json) : undefined;
    if (connection && handler) {
      // A closed socket cannot take the answer: its queued frames are not acted on (the client retries).
      if (socket.readyState !== socket.OPEN) return;
      return reply(
        await handler.handle(json as Record<string, unknown>, { caller: connection.caller, log: deps.log }),
      );
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      if (!connection) return socket.close(CLOSE_CODES.unauthenticated, 'authenticate first');
      return reply({ event: 'error', data: { message: 'Unknown or malformed frame', status_code: 422 } });
    }
    const message = parsed.data;
    if (message.event === 'authenticate') return authenticate(message.token);
    if (!connection) return socket.close(CLOSE_CODES.unauthenticated, 'authenticate first');
    return act(connection, message);
  }

  function handlerFor(json: unknown): ClientMessageHandler | undefined {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
    const event = (json as { event?: unknown }).event;
    return typeof event === 'string' ? deps.handlers?.get(event) : undefined;
  }

  async function authenticate(token: string): Promise<void> {
    if (connection)
      return reply({ event: 'error', data: { message: 'Already authenticated', status_code: 409 } });
    let caller: Caller;
    try {
      caller = await deps.authenticator.verifyWsToken(token);
    } catch {
      return socket.close(CLOSE_CODES.unauthenticated, 'unauthenticated');
    }
    if (socket.readyState !== socket.OPEN) return;
    clearTimeout(deadline);
    connection = new Connection(socketId, socket, caller, sessionOf(caller));
    deps.hub.attach(connection);
    reply({ event: 'connected', data: { socket_id: socketId, user_id: caller.userId } });
  }

  function webinarWhisper(
    self: Connection,
    channel: ChannelName<'webinar'>,
    message: Extract<ClientMessage, { event: 'whisper' }>,
  ): void {
    const refusal = webinarWhisperRefusal(self, channel, message);
    if (refusal) return reply({ event: 'error', data: { message: refusal, status_code: 403 } });
    const name = message.name as 'webinar-join' | 'webinar-leave' | 'webinar-signal';
    const target = message.to && message.signal ? { to: message.to, signal: message.signal } : undefined;
    deps.hub.webinarWhisper(self, channel, name, name === 'webinar-signal' ? target : undefined);
  }

  async function contextWhisper(
    self: Connection,
    handler: WhisperHandler,
    message: Extract<ClientMessage, { event: 'whisper' }>,
  ): Promise<void> {
    if (!self.channels.has(message.channel)) {
      const text = 'Subscribe to the channel before whispering on it';
      return reply({ event: 'error', data: { message: text, status_code: 403 } });
    }
    await handler.handle(message, {
      socketId: self.id,
      caller: self.caller,
      channel: message.channel,
      send: (push) => deps.hub.sendControl(self, push),
    });
  }

  function act(
    self: Connection,
    message: Exclude<ClientMessage, { event: 'authenticate' }>,
  ): void | Promise<void> {
    const channel = message.channel;
    switch (message.event) {
      case 'subscribe': {
        const own = channel === `user.${self.caller.userId}`;
        const signed =
          message.auth !== undefined &&
          deps.signer.verify(message.auth, socketId, channel, self.caller.userId);
        if (!own && !signed) {
          const text = 'Not authorised for this channel: ask POST /broadcasting/auth first';
          return reply({ event: 'subscription_error', channel, data: { message: text, status_code: 403 } });
        }
        deps.hub.subscribe(self, channel);
        return reply({ event: 'subscribed', channel });
      }
      case 'unsubscribe':
        deps.hub.unsubscribe(self, channel);
        return reply({ event: 'unsubscribed', channel });
      case 'whisper': {
        const kind = parseChannel(channel)?.kind;
        const claimed = deps.whispers?.find((h) => h.kind === kind && h.names.includes(message.name));
        if (claimed) return contextWhisper(self, claimed, message);
        if (isWebinar(channel)) return webinarWhisper(self, channel, message);
        const name = message.name;
        if (!isChat(channel) || !self.channels.has(channel) || !isTyping(name)) {
          const text = 'Subscribe to the chat before whispering on it';
          return reply({ event: 'error', data: { message: text, status_code: 403 } });
        }
        return deps.hub.whisper(self, channel, name);
      }
      default: {
        const unreachable: never = message;
        throw new Error(`unhandled frame ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

/**
 * Webinar signalling: only a socket subscribed to the webinar's channel (its rule admits the webinar's
 * people) may announce itself or send a signal, and a signal goes to the one socket it names.
 */
function webinarWhisperRefusal(
  self: Connection,
  channel: ChannelName<'webinar'>,
  message: Extract<ClientMessage, { event: 'whisper' }>,
): string | undefined {
  if (!self.channels.has(channel)) return 'Subscribe to the webinar before signalling on it';
  const names: readonly string[] = whisperEvents.webinar;
  if (!names.includes(message.name)) return 'Not a webinar signal';
  if (message.name === 'webinar-signal' && (!message.to || !message.signal))
    return 'A signal names its socket (to) and carries the signal';
  return undefined;
}

function isTyping(name: string): name is 'start-typing' | 'end-typing' {
  return (whisperEvents.chat as readonly string[]).includes(name);
}

function isWebinar(channel: string): channel is ChannelName<'webinar'> {
  return parseChannel(channel)?.kind === 'webinar';
}

function isChat(channel: string): channel is ChannelName<'chat'> {
  return parseChannel(channel)?.kind === 'chat';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
