/**
 * The distributed topology's roles as separate OS processes on this machine, as their containers run
 * them: `node --import tsx services/src/roles/main.ts <role>`, each with its own PORT (its /health) and
 * DATA_DIR, sharing what the environment names (PostgreSQL, Kafka, S3, REALTIME_SECRET). Their output
 * goes to this process's stderr, prefixed by the role's name. Each role holds a lifeline on its stdin
 * (role-lifeline.ts), and runs in a process group of its own so a Ctrl-C reaches only the bench, which
 * then stops the roles before the back ends they use.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../services/src/platform/util/free-port';

export type RoleName = 'api' | 'persister' | 'projector' | 'relay';

export interface RunningRole {
  name: RoleName;
  pid: number;
  url: string;
}

interface HealthReport {
  status: string;
  projections: { name: string; position: string; status: string }[];
}

const root = path.resolve(import.meta.dirname, '../..');
const lifeline = path.join(import.meta.dirname, 'role-lifeline.ts');
/** A role stopping takes its consumers out of their groups and drains its batches: a few seconds. */
const STOP_GRACE_MS = 30_000;

export class RoleProcesses {
  private readonly children = new Map<RoleName, ChildProcess>();
  readonly running: RunningRole[] = [];

  constructor(
    private readonly env: Record<string, string>,
    private readonly dataDir: string,
    private readonly say: (line: string) => void,
  ) {}

  /** Starts the roles at once (their start-up is mostly loading code) and waits until each is healthy. */
  async start(names: readonly RoleName[], deadlineMs: number): Promise<RunningRole[]> {
    const started = await Promise.all(names.map((name) => this.spawnRole(name)));
    await Promise.all(started.map((role) => this.healthy(role, deadlineMs)));
    this.running.push(...started);
    return started;
  }

  url(name: RoleName): string {
    const role = this.running.find((r) => r.name === name);
    if (!role) throw new Error(`role ${name} is not running`);
    return role.url;
  }

  /** The role's /health report. */
  async health(name: RoleName): Promise<HealthReport> {
    const response = await fetch(`${this.url(name)}/health`);
    return (await response.json()) as HealthReport;
  }

  /** CPU milliseconds the role's process (all its threads, chdb's included) has used so far. */
  cpuMs(name: RoleName): number {
    const role = this.running.find((r) => r.name === name);
    return role ? processCpuMs(role.pid) : 0;
  }

  /**
   * SIGTERM to every role, as a container stop does; a role still running after the grace period is
   * killed. Resolves when every role process has exited.
   */
  async stop(): Promise<void> {
    await Promise.all(
      [...this.children.entries()].map(async ([name, child]) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          this.say(`${name} still running ${STOP_GRACE_MS / 1000} s after SIGTERM: killing it`);
          child.kill('SIGKILL');
        }, STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
    this.children.clear();
  }

  private async spawnRole(name: RoleName): Promise<RunningRole> {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      // The young-generation size the images run the roles with (Dockerfile, docs/capacity.md).
      [
        '--max-semi-space-size=64',
        '--import',
        'tsx',
        '--import',
        lifeline,
        'services/src/roles/main.ts',
        name,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          ...this.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          // chdb is in-process and locks its folder: each role keeps its own (the projector's is the
          // one the analytics copy fills).
          DATA_DIR: path.join(this.dataDir, name),
        },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      },
    );
    this.children.set(name, child);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => console.error(`[${name}] ${line}`));
    }
    if (child.pid === undefined) throw new Error(`role ${name} did not start`);
    return { name, pid: child.pid, url: `http://127.0.0.1:${port}` };
  }

  /** Polls the role's /health until it answers `up`; fails at once if the role exits meanwhile. */
  private async healthy(role: RunningRole, deadlineMs: number): Promise<void> {
    const child = this.children.get(role.name)!;
    const deadline = Date.now() + deadlineMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`role ${role.name} exited (${child.exitCode ?? child.signalCode}) while starting`);
      }
      try {
        const response = await fetch(`${role.url}/health`);
        const report = (await response.json()) as HealthReport;
        if (response.ok && report.status === 'up') return;
        last = `${response.status} ${report.status}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`role ${role.name} not healthy within ${deadlineMs / 1000} s (last: ${last})`);
  }
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process from /proc (Linux; 0 elsewhere or once it has gone). */
function processCpuMs(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
