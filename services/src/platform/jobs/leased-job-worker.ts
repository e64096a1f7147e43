import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ReadModelDb } from '../read-models/database';

export interface LeasedJob {
  id: string;
}

export interface LeasedJobWorkerOptions<Job extends LeasedJob> {
  /** What the worker is called in logs and claims (e.g. "analyzer"). */
  kind: string;
  db: ReadModelDb;
  /** A read model of jobs with id, status ('pending' until the job's result event), requested_at. */
  jobsTable: string;
  /** Claims: job_id (primary key), worker, until. */
  claimsTable: string;
  /** The columns of a job row the runner needs, besides id. */
  columns: readonly string[];
  run: (job: Job) => Promise<void>;
  /** How long a claim holds without renewal: a worker that died lets its job go after this. */
  leaseSeconds?: number;
  /** How often an idle worker looks for jobs (the job list is a projection: there is no wake-up signal). */
  pollMs?: number;
  /**
   * How long one job may run. Past it the worker records the job's failure with `timedOut` (so it
   * leaves 'pending' with a reason) and goes on with the next job; unset, a job may run for ever.
   */
  timeLimitMs?: number;
  /** Records that the job failed for `reason` (its failure event, with an id derived from the job). */
  timedOut?: (job: Job, reason: string) => Promise<void>;
  log?: (line: string) => void;
}

/**
 * Runs jobs from a checkpointed job list, one at a time per worker. A job is claimed with a lease,
 * renewed while it runs, so several workers never run one job together, and a job of a crashed worker
 * is taken again once its lease ran out. The job's result event takes it out of 'pending' through the
 * projection that keeps the list; the runner must make its events idempotent (ids derived from the job).
 */
export class LeasedJobWorker<Job extends LeasedJob> {
  readonly name: string;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: LeasedJobWorkerOptions<Job>) {
    this.name = `${options.kind}-${randomUUID()}`;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.pollMs = options.pollMs ?? 1000;
    this.log = options.log ?? ((line) => console.error(line));
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Waits for the running job to end (work is not cut in half), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let job: Job | undefined;
      try {
        job = await this.claim();
        if (job) await this.work(job);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.log(`${this.options.kind}: job ${job?.id ?? '(claim)'} stopped: ${message}`);
      }
      if (!job && !this.stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  private async work(job: Job): Promise<void> {
    const renew = setInterval(
      () => {
        void this.options.db
          .updateTable(this.options.claimsTable)
          .set({ until: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
          .where('job_id', '=', job.id)
          .where('worker', '=', this.name)
          .execute()
          .catch(() => undefined);
      },
      (this.leaseSeconds * 1000) / 3,
    );
    let limit: NodeJS.Timeout | undefined;
    try {
      const { timeLimitMs, timedOut } = this.options;
      const run = this.options.run(job);
      if (timeLimitMs === undefined) return await run;
      const overrun = new Promise<'overrun'>((resolve) => {
        limit = setTimeout(() => resolve('overrun'), timeLimitMs);
      });
      // The stuck run cannot be cut off: it goes on unawaited, and a failure after the limit is only logged.
      let late = false;
      run.catch((error: unknown) => {
        if (late)
          this.log(`${this.options.kind}: job ${job.id} ended after its time limit: ${String(error)}`);
      });
      if ((await Promise.race([run, overrun])) !== 'overrun') return;
      late = true;
      const reason = `No result within ${Math.round(timeLimitMs / 1000)} s: stopped waiting (time limit)`;
      this.log(`${this.options.kind}: job ${job.id}: ${reason}`);
      await timedOut?.(job, reason);
    } finally {
      clearTimeout(limit);
      clearInterval(renew);
    }
  }

  private claim(): Promise<Job | undefined> {
    return claimLeasedJob<Job>(this.options.db, this.options, this.name, this.leaseSeconds);
  }
}

/**
 * The oldest pending job nobody holds, claimed for `worker` for `leaseSeconds`; undefined when there is
 * none. One statement, so two workers asking at once never get the same job.
 */
export async function claimLeasedJob<Job extends LeasedJob>(
  db: ReadModelDb,
  tables: Pick<LeasedJobWorkerOptions<Job>, 'jobsTable' | 'claimsTable' | 'columns'>,
  worker: string,
  leaseSeconds: number,
): Promise<Job | undefined> {
  const { jobsTable, claimsTable, columns } = tables;
  const lease = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const result = await sql<Job>`
    with candidate as (
      select j.id from ${sql.table(jobsTable)} j
      where j.status = 'pending'
        and not exists (select 1 from ${sql.table(claimsTable)} c where c.job_id = j.id and c.until > now())
      order by j.requested_at, j.id
      limit 1
    ), claimed as (
      insert into ${sql.table(claimsTable)} (job_id, worker, until)
      select id, ${worker}, ${lease} from candidate
      on conflict (job_id) do update set worker = excluded.worker, until = excluded.until
        where ${sql.table(claimsTable)}.until <= now()
      returning job_id
    )
    select ${sql.join([sql.ref('j.id'), ...columns.map((c) => sql.ref(`j.${c}`))])}
    from ${sql.table(jobsTable)} j join claimed on claimed.job_id = j.id`.execute(db);
  return result.rows[0];
}

/** A job time limit from the environment (`NAME` in seconds), in milliseconds; undefined when unset or invalid. */
export function timeLimitFromEnv(name: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const seconds = Number(env[name]);
  return env[name] !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}
