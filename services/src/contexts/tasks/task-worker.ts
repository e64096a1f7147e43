import type { TaskFile, TaskKind, TaskParams } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { DomainError } from '../../platform/errors';
import { withTables } from '../../platform/read-models/database';
import { TASKS_TABLE, type TasksTables } from './read-model/tables';
import { loadTask, runTaskCommand } from './task-commands';

/** What a running job tells its task. Each answers false when the job must stop (suspended, aborted). */
export interface JobContext {
  /** Takes the task (new → process) with the amount of work; false when another worker took it. */
  started(total: number): Promise<boolean>;
  progress(processed: number, total: number, appendix: string | null): Promise<boolean>;
}

export type Job = (
  services: WorkerServices,
  task: { id: string; ownerId: string; schoolId: string | null; params: TaskParams },
  context: JobContext,
) => Promise<TaskFile | undefined>;

/** An export of a big school's results takes minutes; half an hour is a task that will not end. */
const DEFAULT_TIME_LIMIT_MS = 30 * 60_000;

const STOPPED = 'Задача прервана: сервер, выполнявший её, остановился. Запустите её заново.';

export type WorkerServices = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

/**
 * Runs waiting tasks in this process, one at a time (the machine's cores are shared with the api).
 * Tasks are found in the read model and taken with the Start command, decided against the task's
 * stream: of two processes that see the same waiting task, one takes it and the other's Start
 * decides nothing. A resumed task waits as new again and runs from the start (an export writes its
 * file only at the end, so nothing half-done is left behind).
 */
export class TaskWorker {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Tasks held once already (their resumed run is not held again). */
  private readonly held = new Set<string>();

  constructor(
    private readonly services: WorkerServices,
    /** The jobs this process runs; a task of another kind fails with a reason rather than waiting forever. */
    private readonly jobs: Partial<Record<TaskKind, Job>>,
    private readonly options: {
      pollMs?: number;
      /** A running task with no news for this long was left by a process that stopped (default 10 min). */
      staleMs?: number;
      /** How long one task may run before it fails and the next one starts (default 30 min). */
      timeLimitMs?: number;
      /**
       * Test-only pacing (`TASK_TEST_HOLD_AT`, docs/tasks.md): a task's first run, once it reports this
       * many lines processed and more to go, waits until its owner suspends or aborts it, so a test
       * suspends a running task without racing it. Off unless set.
       */
      holdAt?: number;
      log?: (message: string) => void;
    } = {},
  ) {}

  start(): void {
    // A failed round (the database gone away, a start that was aborted) is logged; the next tick retries.
    const tick = () =>
      void this.kick().catch((error: unknown) =>
        this.options.log?.(`tasks: a round failed: ${String(error)}`),
      );
    this.timer = setInterval(tick, this.options.pollMs ?? 2000);
    this.timer.unref();
    tick();
  }

  /** Looks for waiting tasks now (a task was just made or resumed); resolves when none is left. */
  kick(): Promise<void> {
    this.again = true;
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.draining;
  }

  private async drain(): Promise<void> {
    // Another kick while draining (a task made or resumed meanwhile) goes round once more.
    while (this.again && !this.stopped) {
      this.again = false;
      await this.failStale();
      // Each waiting task once per round: one still new after its run was taken by another process.
      const tried = new Set<string>();
      for (;;) {
        if (this.stopped) return;
        const waiting = await withTables<TasksTables>(this.services.db)
          .selectFrom(TASKS_TABLE)
          .select(['id', 'kind', 'params', 'owner_id', 'school_id'])
          .where('status', '=', 'new')
          .where('deleted', '=', false)
          .orderBy('created_at')
          .limit(50)
          .execute();
        const next = waiting.find((task) => !tried.has(task.id));
        if (!next) break;
        tried.add(next.id);
        const task = { id: next.id, ownerId: next.owner_id, schoolId: next.school_id, params: next.params };
        await this.run(task, next.kind).catch((error: unknown) =>
          this.options.log?.(`task ${next.id} could not be recorded: ${String(error)}`),
        );
      }
    }
  }

  /**
   * A task in process whose last news is older than `staleMs` lost its worker (the process stopped):
   * it ends as failure with the reason, rather than showing a progress bar forever. Jobs report
   * progress every few lines, so a live one is never that quiet.
   */
  private async failStale(): Promise<void> {
    const before = new Date(this.services.clock().getTime() - (this.options.staleMs ?? 10 * 60_000));
    const stale = await withTables<TasksTables>(this.services.db)
      .selectFrom(TASKS_TABLE)
      .select('id')
      .where('status', '=', 'process')
      .where('updated_at', '<', before)
      .limit(50)
      .execute();
    for (const { id } of stale) {
      await runTaskCommand(
        this.services,
        { type: 'Fail', id, at: this.services.clock().toISOString(), error: STOPPED },
        { wait: false },
      );
    }
  }

  /** Polls the task's stream (a condition, not a timed race) until it is no longer in process. */
  private async holdUntilStopped(id: string): Promise<boolean> {
    while (!this.stopped && (await loadTask(this.services, id)).status === 'process') {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  private async run(task: Parameters<Job>[1], kind: TaskKind): Promise<void> {
    const { services } = this;
    const { id } = task;
    const at = () => services.clock().toISOString();
    const background = { wait: false };
    let done = 0;
    const context: JobContext = {
      started: async (total) =>
        (await runTaskCommand(services, { type: 'Start', id, at: at(), total }, background)).length > 0,
      progress: async (processed, total, appendix) => {
        done = processed;
        const command = { type: 'Progress' as const, id, at: at(), processed, total, appendix };
        const going = (await runTaskCommand(services, command, background)).length > 0;
        const { holdAt } = this.options;
        if (!going || holdAt === undefined || processed < holdAt || processed >= total) return going;
        if (this.held.has(id)) return going;
        this.held.add(id);
        return this.holdUntilStopped(id);
      },
    };
    try {
      const job = this.jobs[kind];
      if (!job) throw new DomainError(`Задачи вида ${kind} здесь не выполняются`, 422);
      const file = await withinTimeLimit(
        job(services, task, context),
        this.options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
      );
      if (!file) return;
      const completed = await runTaskCommand(
        services,
        { type: 'Complete', id, at: at(), processed: done, file },
        background,
      );
      // Suspended or aborted while the file was being written: it belongs to no task.
      if (completed.length === 0) await services.objects.remove([file.key]);
    } catch (error) {
      const message = error instanceof DomainError ? error.message : 'Не удалось выполнить задачу';
      if (!(error instanceof DomainError)) this.options.log?.(`task ${id} failed: ${String(error)}`);
      await runTaskCommand(services, { type: 'Fail', id, at: at(), error: message }, background);
    }
  }
}

/**
 * The job's result, or a failure with the reason once the time limit passed: a job stuck on a back end
 * that does not answer must not hold every later task in `new`. The stuck job is not cut off (nothing can
 * stop a promise), but once its task has failed, its progress reports answer false and its completion
 * decides nothing, so it ends without touching the task.
 */
async function withinTimeLimit<T>(job: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DomainError(timeLimitMessage(limitMs), 504)), limitMs);
  });
  try {
    return await Promise.race([job, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function timeLimitMessage(limitMs: number): string {
  return limitMs >= 60_000
    ? `Задача не завершилась за ${Math.round(limitMs / 60_000)} мин. и остановлена. Запустите её заново.`
    : `Задача не завершилась за ${Math.max(1, Math.round(limitMs / 1000))} с и остановлена. Запустите её заново.`;
}
