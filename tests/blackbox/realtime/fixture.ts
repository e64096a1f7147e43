import { randomBytes, randomUUID } from 'node:crypto';
import {
  channelName,
  createRegistry,
  defineEvent,
  streamId,
  type ContextContract,
  type NewEvent,
  ProctoringActionRecorded,
} from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { UnauthenticatedError } from '../../../services/src/platform/http/authenticate';
import type { Authenticator, Caller } from '../../../services/src/platform/http/caller';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import type { RealtimeContribution } from '../../../services/src/platform/realtime/contribution';
import type { HubLimits } from '../../../services/src/platform/realtime/hub';
import { createRealtime, type Realtime } from '../../../services/src/platform/realtime/plugin';
import { createTestDatabase } from '../../support/databases';
import { recordedAction } from '../../../services/src/contexts/proctoring/read/action-entity';

/**
 * A notice board, standing in for the contexts that will push notifications and end sessions: its events
 * map to NotificationCreated and LogoutAction on the user's channel.
 */
export const NoticePosted = defineEvent({
  type: 'NoticePosted',
  version: 1,
  schema: z.object({ userId: z.string(), title: z.string(), body: z.string().max(200_000) }),
});
const AccessRevoked = defineEvent({
  type: 'AccessRevoked',
  version: 1,
  schema: z.object({ userId: z.string(), sessionId: z.string().nullable() }),
});
const noticeBoardContract: ContextContract = {
  context: 'noticeboard',
  categories: ['notice'],
  events: [NoticePosted, AccessRevoked],
};

export function notice(userId: string, body = 'Lesson moved to room 12'): NewEvent {
  return { id: randomUUID(), type: 'NoticePosted', data: { userId, title: 'Timetable', body } };
}

export function accessRevoked(userId: string, sessionId: string | null): NewEvent {
  return { id: randomUUID(), type: 'AccessRevoked', data: { userId, sessionId } };
}

export const noticeStream = () => streamId('notice', randomUUID());

/** Who proctors which assignment, and who takes part in which chat: the rules' read models. */
export interface Rosters {
  proctors: Map<string, Set<string>>;
  chatParticipants: Map<string, Set<string>>;
}

export function testContributions(rosters: Rosters): RealtimeContribution[] {
  const noticeBoard: RealtimeContribution = {
    pushes: [
      {
        eventTypes: ['NoticePosted'],
        map: (event) => {
          const data = NoticePosted.schema.parse(event.data);
          const created_at = event.recordedAt.toISOString();
          const notification = { id: event.id, name: data.title, description: data.body, created_at };
          return [
            {
              channel: channelName('user', data.userId),
              event: 'NotificationCreated',
              data: { notification },
            },
          ];
        },
      },
      {
        eventTypes: ['AccessRevoked'],
        map: (event) => {
          const data = AccessRevoked.schema.parse(event.data);
          return [
            {
              channel: channelName('user', data.userId),
              event: 'LogoutAction',
              data: { session_id: data.sessionId, reason: 'revoked' },
            },
          ];
        },
      },
    ],
  };
  const proctoring: RealtimeContribution = {
    channels: [
      {
        pattern: 'assignment.{id}',
        authorize: async (caller, { id }) =>
          caller.group === 'proctor' && (rosters.proctors.get(caller.userId)?.has(id ?? '') ?? false),
      },
    ],
    pushes: [
      {
        eventTypes: ['ProctoringActionRecorded'],
        map: (event) => {
          const data = ProctoringActionRecorded.schema.parse(event.data);
          return [
            {
              channel: channelName('assignment', data.assignmentId),
              event: 'ActionRecorded',
              data: recordedAction(event.id, data, event.recordedAt.toISOString()),
            },
          ];
        },
      },
    ],
  };
  const chats: RealtimeContribution = {
    channels: [
      {
        pattern: 'chat.{id}',
        authorize: async (caller, { id }) =>
          rosters.chatParticipants.get(id ?? '')?.has(caller.userId) ?? false,
      },
    ],
  };
  return [noticeBoard, proctoring, chats];
}

/** Test tokens: `access-<key>` and `ws-<key>` name the caller registered under <key>. */
export class TestAuthenticator implements Authenticator {
  private readonly callers = new Map<string, Caller & { sessionId?: string }>();

  add(key: string, caller: Partial<Caller> & { sessionId?: string }): { access: string; ws: string } {
    this.callers.set(key, {
      userId: randomUUID(),
      schoolId: 'school-1',
      group: 'student',
      pendingChallenges: [],
      ...caller,
    });
    return { access: `access-${key}`, ws: `ws-${key}` };
  }

  caller(key: string): Caller {
    const caller = this.callers.get(key);
    if (!caller) throw new Error(`no caller ${key}`);
    return caller;
  }

  async verifyAccessToken(token: string): Promise<Caller> {
    return this.lookup(token, 'access-');
  }

  async verifyWsToken(token: string): Promise<Caller> {
    return this.lookup(token, 'ws-');
  }

  private lookup(token: string, prefix: string): Caller {
    const caller = token.startsWith(prefix) ? this.callers.get(token.slice(prefix.length)) : undefined;
    if (!caller) throw new UnauthenticatedError();
    return caller;
  }
}

export interface RealtimeServer {
  url: string;
  app: FastifyInstance;
  realtime: Realtime;
  store: PostgresEventStore;
  auth: TestAuthenticator;
  rosters: Rosters;
  /** POST /broadcasting/auth as the holder of an access token. */
  authorise(access: string | undefined, socketId: string, channel: string): Promise<Response>;
  close(): Promise<void>;
}

/** The api's realtime part on a loopback port, over a real PostgreSQL event store in a fresh database. */
export async function startRealtimeServer(
  options: { limits?: Partial<HubLimits>; authTimeoutMs?: number; more?: RealtimeContribution[] } = {},
): Promise<RealtimeServer> {
  const store = new PostgresEventStore({
    connectionString: await createTestDatabase('realtime'),
    registry: createRegistry([noticeBoardContract]),
  });
  await store.migrate();
  const auth = new TestAuthenticator();
  const rosters: Rosters = { proctors: new Map(), chatParticipants: new Map() };
  const realtime = createRealtime({
    authenticator: auth,
    store,
    contributions: [...testContributions(rosters), ...(options.more ?? [])],
    secret: randomBytes(32),
    limits: options.limits,
    authTimeoutMs: options.authTimeoutMs,
  });
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    plugins: [realtime.plugin],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    app,
    realtime,
    store,
    auth,
    rosters,
    authorise: (access, socketId, channel) =>
      fetch(`${url}/broadcasting/auth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(access ? { authorization: `Bearer ${access}` } : {}),
        },
        body: JSON.stringify({ socket_id: socketId, channel_name: channel }),
      }),
    async close() {
      await app.close();
      await store.close();
    },
  };
}
