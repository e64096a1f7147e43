import { channelEvents, serverEventSchemas, type Push } from '@sabaq/events';
import { sql, type OperationNodeSource } from 'kysely';
import pg from 'pg';
import type { ReadModelTx } from '../read-models/database';
import { parseChannel } from './channels';

/** The PostgreSQL channel projections NOTIFY their pushes on. */
export const PROJECTED_PUSH_CHANNEL = 'realtime_projected_push';
/** NOTIFY refuses payloads of 8,000 bytes or more; a push that big belongs in a read, not a notice. */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * A push a projection sends about what it just wrote ("this attempt's timeline changed"), from inside
 * its batch's transaction: PostgreSQL delivers a NOTIFY at commit and never for a rolled-back batch, so
 * the push goes out only once the read model (and the checkpoint saved with it) holds the change, and
 * reaches every api instance whichever process projected it. Pushes from events (push-feed.ts) run
 * ahead of the read models; this kind tells a page that a read now shows the new state.
 */
export async function notifyProjectedPush(tx: ReadModelTx, push: Push): Promise<void> {
  await notifyProjectedPushes(tx, [push]);
}

/**
 * Several notices in one statement: a projection's batch under load announces many (a timeline push per
 * hundred attempts), and each statement is a round trip its transaction waits for. `alongside`, writes
 * the notices are about (INSERTs or UPDATEs built but not run), go in the same statement as
 * data-modifying WITHs, which PostgreSQL runs whole, notices or none: one round trip for all of them.
 */
export async function notifyProjectedPushes(
  tx: ReadModelTx,
  pushes: readonly Push[],
  alongside: readonly OperationNodeSource[] = [],
): Promise<void> {
  if (pushes.length === 0 && alongside.length === 0) return;
  const payloads = pushes.map((push) => {
    const payload = JSON.stringify(push);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(`projected push ${push.event} on ${push.channel} is too big for a notice`);
    }
    return payload;
  });
  const written = alongside.length
    ? sql`WITH ${sql.join(
        alongside.map((write, at) => sql`${sql.raw(`written_${at}`)} AS (${write})`),
        sql`, `,
      )} `
    : sql``;
  // In the array's order: notices of one transaction are delivered in the order they were sent.
  await sql`${written}SELECT pg_notify(${PROJECTED_PUSH_CHANNEL}, payload)
    FROM unnest(${payloads}::text[]) WITH ORDINALITY AS n(payload, at) ORDER BY at`.execute(tx);
}

/**
 * The notice as a push the contract allows on its channel, or undefined: a notice is checked like a push
 * from events (push-feed.ts), so nothing outside the contract reaches a socket.
 */
export function projectedPush(payload: string): Push | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { channel, event, data } = value as Record<string, unknown>;
  const kind = typeof channel === 'string' ? parseChannel(channel)?.kind : undefined;
  if (!kind || typeof event !== 'string') return undefined;
  if (!(channelEvents[kind] as readonly string[]).includes(event)) return undefined;
  const parsed = serverEventSchemas[event as keyof typeof serverEventSchemas].safeParse(data);
  return parsed.success ? ({ channel, event, data: parsed.data } as Push) : undefined;
}

export interface ProjectedPushFeed {
  stop(): Promise<void>;
}

/**
 * LISTENs for projections' pushes and publishes them to this instance's sockets. Pushes are live
 * notices, not the truth: while the connection is down they are lost (pages keep a slow poll for that),
 * and it is retried with backoff, up to 5 s apart.
 */
export async function followProjectedPushes(
  connectionString: string,
  publish: (push: Push) => void,
  log: (message: string) => void = () => undefined,
): Promise<ProjectedPushFeed> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 100;

  const schedule = () => {
    retry = setTimeout(() => void connect(), delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 5_000);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!stopped) schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel !== PROJECTED_PUSH_CHANNEL || !message.payload) return;
      const push = projectedPush(message.payload);
      if (push) publish(push);
      else
        log(`realtime: a projected push outside the contract was dropped: ${message.payload.slice(0, 200)}`);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${PROJECTED_PUSH_CHANNEL}`);
      delayMs = 100;
    } catch (error) {
      log(`realtime: projected pushes: ${error instanceof Error ? error.message : String(error)}`);
      lost();
    }
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
