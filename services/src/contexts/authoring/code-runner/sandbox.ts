/**
 * Runs one program once in a sandbox (isolation.ts says which kind) and reports what happened, without
 * judging it: exit status, why we killed it if we did, its time, its output (capped) and its peak memory.
 *
 * Per run: a fresh host directory (0700, removed afterwards) holding the source and the test input,
 * which becomes the program's stdin as a regular file (so /dev/stdin works too); a cleared environment;
 * only fds 0-2 (fd 3 reports the program's PID to us and is closed before the program starts; bash,
 * where installed, closes anything else the server leaked);
 * a process group of its own, killed as a whole with SIGKILL; kernel limits set by prlimit just before
 * the interpreter starts (CPU seconds, processes, open files, file size, no core dumps, and memory:
 * see languages.ts); the memory watch; a wall-clock limit; capped stdout and stderr; and timeout(1) as
 * a backstop that ends the run even if this server dies during it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { boxEnvironmentWith, closeInheritedFds } from './box-script';
import { boxScript, SYSTEM_PATH, UNSHARE_ARGS, type Isolation } from './isolation';
import type { Runtime } from './languages';
import {
  SANDBOX_MAX_OPEN_FILES,
  SANDBOX_MAX_PROCESSES,
  SANDBOX_SETUP_TIMEOUT_MS,
  SANDBOX_TMP_BYTES,
} from './limits';
import { killProcessesOf, MemoryWatch } from './memory-watch';

export interface SandboxRun {
  runtime: Runtime;
  /** `check` only parses the source (languages.ts); `run` runs it. */
  step: 'check' | 'run';
  source: string;
  stdin: string;
  timeLimitMs: number;
  memoryLimitBytes: number;
  stdoutLimitBytes: number;
  stderrLimitBytes: number;
}

export type KillReason = 'timeout' | 'memory' | 'output_limit';

export interface SandboxOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Set when we stopped the program, and why. */
  killedFor: KillReason | null;
  /** Wall-clock time of the program itself, from its start (after the sandbox was built) to its end. */
  timeMs: number;
  stdout: Buffer;
  stderr: Buffer;
  peakMemoryBytes: number;
}

/** The sandbox could not be built: a fault of the server, never of the program. */
export class SandboxSetupError extends Error {}

/** Run directories are named after the server's PID, so that a later server can remove a dead one's. */
const RUN_DIR_PREFIX = 'sabaq-code-';

/**
 * Removes the run directories of servers that died mid-run (their sandboxes are gone: timeout(1) ends
 * them). Called once per process; a directory of a live process is never touched.
 */
export async function removeStaleRunDirs(): Promise<void> {
  const pattern = new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`);
  for (const entry of await readdir(os.tmpdir()).catch(() => [])) {
    const pid = Number(pattern.exec(entry)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    await rm(path.join(os.tmpdir(), entry), { recursive: true, force: true }).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long to wait for the output streams to end after the program exited (a straggler might hold them). */
const CLOSE_GRACE_MS = 1000;

export async function runInSandbox(
  run: SandboxRun,
  isolation: Isolation,
  uid: number,
): Promise<SandboxOutcome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${RUN_DIR_PREFIX}${process.pid}-`));
  try {
    const sourceFile = path.join(dir, run.runtime.fileName);
    const inputFile = path.join(dir, 'stdin');
    await writeFile(sourceFile, run.source, { mode: 0o600 });
    await writeFile(inputFile, run.stdin, { mode: 0o600 });
    if (isolation.switchesUser) {
      // The program reopens its stdin as /dev/stdin; in rlimits mode it also reads the source by path.
      await chown(inputFile, uid, uid);
      if (isolation.mode === 'rlimits') {
        await chown(dir, uid, uid);
        await chown(sourceFile, uid, uid);
      }
    }
    const input = await open(inputFile, 'r');
    try {
      return await supervise(start(run, isolation, uid, dir, input.fd), run, isolation, uid);
    } finally {
      await input.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function prlimitArgs(run: SandboxRun, isolation: Isolation): string[] {
  const cpuSeconds = Math.max(1, Math.ceil(run.timeLimitMs / 1000));
  const memory = run.runtime.memoryRlimit(run.memoryLimitBytes);
  const args = [
    // SIGXCPU at the soft limit, SIGKILL a second later should the program catch it.
    `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
    `--nofile=${SANDBOX_MAX_OPEN_FILES}`,
    `--fsize=${SANDBOX_TMP_BYTES}`,
    '--core=0',
    `--${memory.resource}=${memory.bytes}`,
  ];
  // RLIMIT_NPROC counts every process of the user: only meaningful when the sandbox has a user of its own.
  if (isolation.switchesUser) args.push(`--nproc=${SANDBOX_MAX_PROCESSES}`);
  return args;
}

function start(
  run: SandboxRun,
  isolation: Isolation,
  uid: number,
  dir: string,
  stdinFd: number,
): ChildProcess {
  const { runtime } = run;
  const workDir = isolation.mode === 'namespaces' ? '/tmp' : dir;
  const programArgs =
    run.step === 'check' ? runtime.checkArgs() : runtime.runArgs(workDir, run.memoryLimitBytes);
  const program = [
    isolation.prlimit,
    ...prlimitArgs(run, isolation),
    '--',
    runtime.interpreter,
    ...programArgs,
  ];
  // If the server dies mid-run, nobody is left to enforce the wall clock: timeout(1) kills the run
  // (and so the namespace) a while after the latest moment we would have.
  const backstopSeconds = Math.ceil((run.timeLimitMs + SANDBOX_SETUP_TIMEOUT_MS) / 1000) + 5;
  const guard = isolation.timeout ? [isolation.timeout, '--signal=KILL', `${backstopSeconds}s`] : [];
  let argv: string[];
  if (isolation.mode === 'namespaces' && isolation.unshare) {
    const script = [
      isolation.shell,
      '-c',
      boxScript(isolation),
      'sabaq-box',
      dir,
      String(uid),
      runtime.fileName,
    ];
    argv = [...guard, isolation.unshare, ...UNSHARE_ARGS, ...script, String(SANDBOX_TMP_BYTES), ...program];
  } else {
    // The shell reports its PID (the program's, after exec) on fd 3 as the namespace setup does, and
    // bash first closes what the server leaked to it; env -i drops what the shell exports (PWD, SHLVL).
    const closing = isolation.closesInheritedFds ? closeInheritedFds(3) : '';
    const report = `${closing}printf '%s\\n' "$$" >&3; exec 3>&-; exec "$@"`;
    const environment = ['env', '-i', 'PATH=/usr/bin:/bin', `HOME=${dir}`, 'LANG=C.UTF-8'];
    argv = [...guard, isolation.shell, '-c', report, 'sabaq-run', ...environment, ...program];
  }
  const [command, ...args] = argv as [string, ...string[]];
  if (isolation.mode === 'namespaces') {
    return spawn(command, args, {
      cwd: '/',
      env: { PATH: SYSTEM_PATH, ...boxEnvironmentWith(runtime.extraBind) },
      stdio: [stdinFd, 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
  }
  return spawn(command, args, {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' },
    stdio: [stdinFd, 'pipe', 'pipe', 'pipe'],
    detached: true,
    ...(isolation.switchesUser ? { uid, gid: uid } : {}),
  });
}

function supervise(
  child: ChildProcess,
  run: SandboxRun,
  isolation: Isolation,
  uid: number,
): Promise<SandboxOutcome> {
  const namespaces = isolation.mode === 'namespaces';
  const spawnedAt = Date.now();
  return new Promise<SandboxOutcome>((resolve, reject) => {
    let killedFor: KillReason | null = null;
    let startedAt: number | null = null;
    let exitedAt: number | null = null;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let watch: MemoryWatch | null = null;
    let report = '';
    const timers: NodeJS.Timeout[] = [];

    const killAll = (reason: KillReason | null) => {
      if (killedFor === null && exit === null) killedFor = reason;
      // The whole group: unshare and the namespace's PID 1 (whose death kills everything inside),
      // or, in rlimits mode, the program and what it started without leaving the group.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const stdout = capture(child.stdout, run.stdoutLimitBytes, () => killAll('output_limit'));
    const stderr = capture(child.stderr, run.stderrLimitBytes, () => killAll('output_limit'));

    const programStarted = (pid: number) => {
      if (startedAt !== null) return;
      // A very short program may have ended before its start report was read (a busy machine reads the
      // pipe late): its time is then counted from the spawn, a bound that includes the sandbox's set-up,
      // rather than as the 0 ms the late reading would give.
      startedAt = exit === null ? Date.now() : spawnedAt;
      if (exit !== null) return;
      timers.push(setTimeout(() => killAll('timeout'), run.timeLimitMs));
      watch = new MemoryWatch({
        pid,
        limitBytes: run.memoryLimitBytes,
        uid: isolation.switchesUser && run.runtime.mayFork ? uid : null,
        onExceeded: () => killAll('memory'),
      });
      watch.start();
    };

    // The setup (or, in rlimits mode, the wrapper shell) reports the program's PID on fd 3 just before
    // the program starts; the time limit and the memory watch start then.
    const channel = child.stdio[3] as Readable | null;
    channel?.on('data', (chunk: Buffer) => {
      report += chunk.toString();
      const pid = Number.parseInt(report, 10);
      if (report.includes('\n') && pid > 0) programStarted(pid);
    });
    timers.push(setTimeout(() => startedAt === null && killAll(null), SANDBOX_SETUP_TIMEOUT_MS));

    child.on('error', (error) => {
      finish();
      reject(new SandboxSetupError(`could not start the sandbox: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      exitedAt = Date.now();
      exit = { code, signal };
      watch?.stop();
      killAll(null); // what the program left in its group
      if (isolation.switchesUser) killProcessesOf(uid); // and what left the group (setsid)
      timers.push(setTimeout(() => child.emit('close', code, signal), CLOSE_GRACE_MS));
    });
    let closed = false;
    child.on('close', () => {
      if (closed) return;
      closed = true;
      finish();
      child.stdout?.destroy();
      child.stderr?.destroy();
      channel?.destroy();
      if (exit === null) return reject(new SandboxSetupError('the sandbox closed without exiting'));
      if (startedAt === null) {
        const why = Buffer.concat(stderr.chunks).toString().trim().split('\n').slice(-3).join(' | ');
        return reject(new SandboxSetupError(`the sandbox could not be built: ${why || `exit ${exit.code}`}`));
      }
      const status = namespaces && exit.signal === null ? fromShellStatus(exit.code) : exit;
      resolve({
        exitCode: status.code,
        signal: status.signal,
        killedFor,
        timeMs: Math.max(0, (exitedAt ?? Date.now()) - startedAt),
        stdout: Buffer.concat(stdout.chunks),
        stderr: Buffer.concat(stderr.chunks),
        peakMemoryBytes: (watch as MemoryWatch | null)?.peakBytes ?? 0,
      });
    });

    function finish() {
      for (const timer of timers) clearTimeout(timer);
      watch?.stop();
    }
  });
}

/** The namespace's PID 1 is a shell: it reports a program killed by signal n as exit status 128 + n. */
function fromShellStatus(code: number | null): { code: number | null; signal: NodeJS.Signals | null } {
  if (code !== null && code > 128 && code < 128 + 65) {
    const name = Object.entries(os.constants.signals).find(([, n]) => n === code - 128)?.[0];
    if (name) return { code: null, signal: name as NodeJS.Signals };
  }
  return { code, signal: null };
}

interface Captured {
  chunks: Buffer[];
}

/** Keeps at most `limit` bytes of a stream; the first byte beyond calls onOverflow (once). */
function capture(stream: Readable | null, limit: number, onOverflow: () => void): Captured {
  const captured: Captured = { chunks: [] };
  let bytes = 0;
  let overflowed = false;
  stream?.on('data', (chunk: Buffer) => {
    if (overflowed) return;
    const room = limit - bytes;
    if (chunk.length > room) {
      captured.chunks.push(chunk.subarray(0, room));
      bytes = limit;
      overflowed = true;
      onOverflow();
      return;
    }
    captured.chunks.push(chunk);
    bytes += chunk.length;
  });
  return captured;
}
