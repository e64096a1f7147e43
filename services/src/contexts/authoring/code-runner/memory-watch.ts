/**
 * Enforces a memory limit on resident memory, for what the kernel's rlimits cannot express (Node under
 * RLIMIT_AS does not start; processes a program forks each get their own rlimit). Every MEMORY_POLL_MS
 * it reads the program's peak resident set (VmHWM: the peak, so a spike between two polls is still
 * seen while the process lives); every MEMORY_SCAN_EVERY polls, when the program may fork, it also
 * adds the resident memory of the other processes of the sandbox's user (a user of its own per slot).
 * Over the limit, it calls onExceeded once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { MEMORY_POLL_MS, MEMORY_SCAN_EVERY } from './limits';

export interface MemoryWatchOptions {
  pid: number;
  limitBytes: number;
  /** The sandbox's own user, when it has one: its other processes are the program's children. */
  uid: number | null;
  onExceeded: () => void;
}

export class MemoryWatch {
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private others: number[] = [];
  /** The largest total seen, in bytes. */
  peakBytes = 0;

  constructor(private readonly options: MemoryWatchOptions) {}

  start(): void {
    this.poll();
    this.timer = setInterval(() => this.poll(), MEMORY_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private poll(): void {
    const { pid, uid, limitBytes } = this.options;
    if (uid !== null && this.ticks++ % MEMORY_SCAN_EVERY === 0) this.others = processesOf(uid, pid);
    let total = memoryOf(pid, 'VmHWM');
    for (const other of this.others) total += memoryOf(other, 'VmRSS');
    if (total > this.peakBytes) this.peakBytes = total;
    if (total > limitBytes && this.timer) {
      this.stop();
      this.options.onExceeded();
    }
  }
}

/** A field of /proc/<pid>/status in bytes; 0 once the process is gone. */
function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The processes owned by uid, other than `except`. */
function processesOf(uid: number, except: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === except) continue;
    try {
      if (statSync(`/proc/${entry}`).uid === uid) found.push(pid);
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Kills every process of a sandbox user (its processes that left the process group). */
export function killProcessesOf(uid: number): void {
  for (const pid of processesOf(uid, -1)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
