import pg from 'pg';
import { lockKey } from '../event-store/postgres/schema';

export interface Leadership {
  /** Resolves once this process leads; while another does, it keeps waiting. */
  acquired: Promise<void>;
  /** Called if the lock's connection is lost after it was acquired: the caller must stop leading. */
  onLost(listener: () => void): void;
  release(): Promise<void>;
}

const RETRY_MS = 2000;

/**
 * One leader among replicas of a role that must run once (the relay: two would publish everything
 * twice). A session-level advisory lock on a dedicated connection: it is held as long as the connection
 * lives, and released by PostgreSQL when the process dies, so a standby takes over without any timeout.
 */
export function leadership(connectionString: string, name: string): Leadership {
  const client = new pg.Client({ connectionString });
  const listeners: (() => void)[] = [];
  let released = false;
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  client.on('error', () => {
    if (leading && !released) for (const listener of listeners) listener();
    leading = false;
  });
  const acquired = (async () => {
    await client.connect();
    const key = lockKey(`leader.${name}`);
    for (;;) {
      if (released) throw new Error('leadership released before it was acquired');
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (rows[0]?.ok) {
        leading = true;
        return;
      }
      await new Promise((resolve) => (timer = setTimeout(resolve, RETRY_MS)));
    }
  })();
  acquired.catch(() => undefined);
  return {
    acquired,
    onLost: (listener) => void listeners.push(listener),
    async release() {
      released = true;
      clearTimeout(timer);
      await client.end().catch(() => undefined);
    },
  };
}
