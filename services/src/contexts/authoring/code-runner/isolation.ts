/**
 * Which sandbox this machine can give, found once per process:
 * - `namespaces`: running as root with `unshare` working. Each run gets its own mount, network, PID,
 *   IPC and UTS namespaces, a private root (box-script.ts), and a user of its own (setpriv).
 * - `rlimits`: anything less (not root, or a container that forbids namespaces). Each run is only a
 *   separate process group with kernel resource limits (prlimit), in a private working directory, as a
 *   user of its own when we are root. The network and the host's world-readable files stay reachable:
 *   docs/code-runner.md says what this mode does not protect.
 * Without `prlimit` nothing is run at all.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BOX_SCRIPT, boxEnvironmentWith, closeInheritedFds } from './box-script';
import { SANDBOX_TMP_BYTES } from './limits';

export type IsolationMode = 'namespaces' | 'rlimits';

export interface Isolation {
  mode: IsolationMode;
  /** Why the stronger mode is not in use; null in `namespaces` mode. */
  reason: string | null;
  /** Switching each run to a user of its own needs root. */
  switchesUser: boolean;
  prlimit: string;
  unshare: string | null;
  /** coreutils' timeout, the backstop that ends a run even if the server dies during it. */
  timeout: string | null;
  /** bash when installed (it can close inherited descriptors), else sh (it cannot: see docs). */
  shell: string;
  closesInheritedFds: boolean;
}

/** The tools the sandbox starts are looked for in the system directories only, never on the server's PATH. */
export const SYSTEM_PATH = '/usr/sbin:/usr/bin:/sbin:/bin';

export function findSystemTool(name: string): string | null {
  for (const dir of SYSTEM_PATH.split(':')) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

export class SandboxUnavailableError extends Error {}

/** `--kill-child`: if unshare dies (we SIGKILL its process group), its child, PID 1 of the namespace, dies too. */
export const UNSHARE_ARGS = ['--mount', '--net', '--pid', '--ipc', '--uts', '--fork', '--kill-child'];

let detected: Promise<Isolation> | undefined;

/** The isolation of this process, probed on first use (a probe sandbox runs /bin/true). */
export function detectIsolation(): Promise<Isolation> {
  detected ??= probe();
  return detected;
}

async function probe(): Promise<Isolation> {
  const prlimit = findSystemTool('prlimit');
  if (!prlimit) throw new SandboxUnavailableError('prlimit (util-linux) is not installed');
  const unshare = findSystemTool('unshare');
  const bash = findSystemTool('bash');
  const shell = bash ?? findSystemTool('sh') ?? '/bin/sh';
  const root = process.getuid?.() === 0;
  const timeout = findSystemTool('timeout');
  const common = { prlimit, unshare, timeout, shell, closesInheritedFds: bash !== null };
  const rlimits = (reason: string): Isolation => ({ mode: 'rlimits', reason, switchesUser: root, ...common });
  if (!root) return rlimits('not running as root: namespaces and a separate user need root');
  if (!unshare) return rlimits('unshare (util-linux) is not installed');
  const isolation: Isolation = { mode: 'namespaces', reason: null, switchesUser: true, ...common };
  const failure = await tryNamespaces(isolation);
  if (failure) return rlimits(`namespaces refused: ${failure}`);
  return isolation;
}

/** The shell script that builds a namespace sandbox (box-script.ts) with this machine's shell. */
export function boxScript(isolation: Isolation): string {
  return (isolation.closesInheritedFds ? closeInheritedFds(3) : '') + BOX_SCRIPT;
}

/** Builds a real sandbox around /bin/true; null when it worked, else the first line of what went wrong. */
async function tryNamespaces(isolation: Isolation): Promise<string | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-code-probe-'));
  try {
    await writeFile(path.join(dir, 'probe'), '');
    const args = [
      ...UNSHARE_ARGS,
      isolation.shell,
      '-c',
      boxScript(isolation),
      'sabaq-box',
      dir,
      '65534',
      'probe',
    ];
    args.push(String(SANDBOX_TMP_BYTES), 'true');
    return await new Promise<string | null>((resolve) => {
      // fd 3 is the script's report channel (see box-script.ts); the probe only needs the exit status.
      const child = spawn(isolation.unshare!, args, {
        env: { PATH: SYSTEM_PATH, ...boxEnvironmentWith(null) },
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (error) => resolve(error.message));
      child.on('close', (code, signal) => {
        if (code === 0) return resolve(null);
        resolve(stderr.trim().split('\n')[0] || `exit ${code ?? signal}`);
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
