import pg from 'pg';
import { READ_MODEL_CHANGED_CHANNEL, type ReadModelCache } from './read-model-cache';

export interface ChangeFeed {
  stop(): Promise<void>;
}

/**
 * Keeps `cache` told of read-model changes: LISTENs on the channel projections NOTIFY in their
 * transactions (so a notice arrives only for committed changes, from any projector process). The cache
 * is live only while the LISTEN connection is up; a lost connection makes it forget everything and
 * bypass until a new connection listens again (retried with backoff, up to 5 s apart).
 */
export async function followReadModelChanges(
  connectionString: string,
  cache: ReadModelCache,
  log: (message: string) => void = () => undefined,
): Promise<ChangeFeed> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 100;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      cache.setLive(false);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!stopped) schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === READ_MODEL_CHANGED_CHANNEL && message.payload) cache.changed(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${READ_MODEL_CHANGED_CHANNEL}`);
    } catch (error) {
      log(`read-model change feed: ${error instanceof Error ? error.message : String(error)}`);
      lost();
      return;
    }
    if (stopped || client !== next) return;
    delayMs = 100;
    cache.setLive(true);
  };

  const schedule = () => {
    retry = setTimeout(() => void connect(), delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 5_000);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      cache.setLive(false);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
