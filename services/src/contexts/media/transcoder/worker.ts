import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ContextServices } from '../..';
import type { ReadModelDb } from '../../../platform/read-models/database';
import { TABLES } from '../read-model/tables';
import { runJob, type Job } from './job';

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

export interface WorkerOptions {
  /** How long a claim holds without renewal: a worker that died lets its job go after this. */
  leaseSeconds?: number;
  /** How often an idle worker looks for jobs (the jobs table is a projection: no wake-up signal). */
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * The transcoder: takes pending jobs from the media_jobs read model (filled by the media projection from
 * TranscodeRequested, so the job list is checkpointed and replayable like any read model) and runs them
 * one at a time. A job is claimed in media_job_claims with a lease, renewed while it runs, so several
 * workers (one per process) never run one job together, and a job of a crashed worker is taken again
 * once its lease ran out. The job's result event moves it out of 'pending' through the projection.
 */
export class TranscoderWorker {
  readonly name = `transcoder-${randomUUID()}`;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly services: Services,
    options: WorkerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.pollMs = options.pollMs ?? 1000;
    this.log = options.log ?? ((line) => console.error(line));
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Waits for the running job to end (a transcode is not cut in half), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let job: Job | undefined;
      try {
        job = await claimJob(this.services.db, this.name, this.leaseSeconds);
        if (job) await this.work(job);
      } catch (error) {
        this.log(
          `transcoder: job ${job?.id ?? '(claim)'} stopped: ${error instanceof Error ? error.message : String(error)}`,
        );
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
        void this.services.db
          .updateTable(TABLES.claims)
          .set({ until: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
          .where('job_id', '=', job.id)
          .where('worker', '=', this.name)
          .execute()
          .catch(() => undefined);
      },
      (this.leaseSeconds * 1000) / 3,
    );
    try {
      await runJob(this.services, job);
    } finally {
      clearInterval(renew);
    }
  }
}

/**
 * Claims the oldest pending job nobody holds for `worker` until the lease ends; undefined when there is
 * none. Two workers racing for one job: the second insert meets the first's live claim and gets nothing.
 */
export async function claimJob(
  db: ReadModelDb,
  worker: string,
  leaseSeconds: number,
): Promise<Job | undefined> {
  const lease = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const result = await sql<Job>`
    with candidate as (
      select j.id from ${sql.table(TABLES.jobs)} j
      where j.status = 'pending'
        and not exists (select 1 from ${sql.table(TABLES.claims)} c where c.job_id = j.id and c.until > now())
      order by j.requested_at, j.id
      limit 1
    ), claimed as (
      insert into ${sql.table(TABLES.claims)} (job_id, worker, until)
      select id, ${worker}, ${lease} from candidate
      on conflict (job_id) do update set worker = excluded.worker, until = excluded.until
        where ${sql.table(TABLES.claims)}.until <= now()
      returning job_id
    )
    select j.id, j.stream_id, j.attempt, j.school_id
    from ${sql.table(TABLES.jobs)} j join claimed on claimed.job_id = j.id`.execute(db);
  return result.rows[0];
}
