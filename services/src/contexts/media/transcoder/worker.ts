import type { ContextServices } from '../../../platform/context';
import { claimLeasedJob, LeasedJobWorker } from '../../../platform/jobs/leased-job-worker';
import type { ReadModelDb } from '../../../platform/read-models/database';
import { TABLES } from '../read-model/tables';
import { failJob, runJob, type Job } from './job';

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

export interface WorkerOptions {
  /** How long a claim holds without renewal: a worker that died lets its job go after this. */
  leaseSeconds?: number;
  /** How often an idle worker looks for jobs (the jobs table is a projection: no wake-up signal). */
  pollMs?: number;
  /** How long one conversion may run before it fails and the next one starts (default 60 min). */
  timeLimitMs?: number;
  log?: (line: string) => void;
}

/** An hour of recording converts in minutes; an hour of converting is a job that will not end. */
const DEFAULT_TIME_LIMIT_MS = 60 * 60_000;

/**
 * The transcoder: takes pending jobs from the media_jobs read model (filled by the media projection from
 * TranscodeRequested, so the job list is checkpointed and replayable like any read model) and runs them
 * one at a time, under the claims and leases of platform/jobs/leased-job-worker.ts: several workers (one
 * per process) never run one job together, and a job of a crashed worker is taken again once its lease
 * ran out. The job's result event moves it out of 'pending' through the projection.
 */
const JOB_TABLES = {
  jobsTable: TABLES.jobs,
  claimsTable: TABLES.claims,
  columns: ['stream_id', 'attempt', 'school_id'],
} as const;

export class TranscoderWorker extends LeasedJobWorker<Job> {
  constructor(services: Services, options: WorkerOptions = {}) {
    super({
      kind: 'transcoder',
      db: services.db,
      ...JOB_TABLES,
      run: async (job) => {
        await runJob(services, job);
      },
      timeLimitMs: options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
      timedOut: (job, reason) => failJob(services, job, reason),
      leaseSeconds: options.leaseSeconds ?? 120,
      pollMs: options.pollMs,
      log: options.log,
    });
  }
}

/** The oldest pending conversion nobody holds, claimed for `worker` (the transcoder's claim, exported for its test). */
export function claimJob(db: ReadModelDb, worker: string, leaseSeconds: number): Promise<Job | undefined> {
  return claimLeasedJob<Job>(db, JOB_TABLES, worker, leaseSeconds);
}
