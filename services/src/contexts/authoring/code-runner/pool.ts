/**
 * A small pool of sandbox slots: at most `size` programs run at once (by default one per CPU), the
 * rest wait in order, and a burst beyond `maxQueue` waiting runs is refused with 429 rather than held.
 * Each slot has a user id of its own, derived from this process's PID and a slot number unique in the
 * process, so that no two slots of any pools or servers (or test workers) on one machine share one: a
 * sandbox's processes are then exactly that user's processes, which is what RLIMIT_NPROC counts and
 * what the memory watch and the final sweep find.
 */
import os from 'node:os';
import { DomainError } from '../../../platform/errors';
import { DEFAULT_MAX_QUEUE, MAX_POOL_SIZE, SANDBOX_UID_BASE, SLOTS_PER_PROCESS } from './limits';

export interface SandboxPoolOptions {
  size?: number;
  maxQueue?: number;
}

/** Slot numbers handed out in this process so far (pools are few and live as long as the process). */
let slotsTaken = 0;

export class TooManyRunsError extends DomainError {
  constructor() {
    super('Слишком много программ ждут проверки, попробуйте позже (too many code runs waiting)', 429);
  }
}

export class SandboxPool {
  readonly size: number;
  private readonly maxQueue: number;
  private readonly free: number[];
  private readonly waiting: Array<(slot: number) => void> = [];
  private readonly firstSlot: number;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = Math.min(MAX_POOL_SIZE, Math.max(1, options.size ?? os.availableParallelism()));
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    this.free = Array.from({ length: this.size }, (_, slot) => slot);
    if (slotsTaken + this.size > SLOTS_PER_PROCESS) {
      throw new Error(`at most ${SLOTS_PER_PROCESS} sandbox slots per process`);
    }
    this.firstSlot = slotsTaken;
    slotsTaken += this.size;
  }

  /** The user id of a slot: unique among the slots of every process on this machine. */
  uidOf(slot: number): number {
    return SANDBOX_UID_BASE + process.pid * SLOTS_PER_PROCESS + this.firstSlot + slot;
  }

  /** Runs `work` in a free slot, waiting for one if needed; the slot's uid is passed in. */
  async use<T>(work: (uid: number) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    try {
      return await work(this.uidOf(slot));
    } finally {
      this.release(slot);
    }
  }

  /** Runs waiting and running, for tests and health. */
  get load(): { running: number; waiting: number } {
    return { running: this.size - this.free.length, waiting: this.waiting.length };
  }

  private acquire(): Promise<number> {
    const slot = this.free.pop();
    if (slot !== undefined) return Promise.resolve(slot);
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new TooManyRunsError());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: number): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }
}

let shared: SandboxPool | undefined;

/** The process-wide pool every runCode call shares unless given its own. */
export function sharedPool(): SandboxPool {
  shared ??= new SandboxPool();
  return shared;
}
