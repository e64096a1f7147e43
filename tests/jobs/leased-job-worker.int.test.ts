import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/databases';
import { mediaMigrations, TABLES } from '../../services/src/contexts/media/read-model/tables';
import { createReadModelDb, type ReadModelDb } from '../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../services/src/platform/read-models/migrations';
import { LeasedJobWorker } from '../../services/src/platform/jobs/leased-job-worker';

/** The job time limit on a real job list (the transcoder's tables): a stuck job fails, the next one runs. */
let db: ReadModelDb;

beforeAll(async () => {
  db = createReadModelDb(await createTestDatabase('leased_job_limits'));
  await migrateReadModels(db, mediaMigrations);
});
afterAll(async () => db?.destroy());

async function pending(id: string, at: string) {
  await db
    .insertInto(TABLES.jobs)
    .values({
      id,
      stream_id: `webinar_session-${id}`,
      attempt: 1,
      status: 'pending',
      school_id: 's',
      requested_at: new Date(at),
    })
    .execute();
}

/** What the job's result event does through the projection: the job leaves 'pending'. */
const finish = (id: string, status: string) =>
  db.updateTable(TABLES.jobs).set({ status }).where('id', '=', id).execute();

describe('a job past its time limit', () => {
  it('is failed with the reason and the worker goes on with the next job', async () => {
    await pending('stuck', '2026-01-01T00:00:01Z');
    await pending('after', '2026-01-01T00:00:02Z');
    const failed: { id: string; reason: string }[] = [];
    let ran: () => void = () => undefined;
    const afterRan = new Promise<void>((resolve) => (ran = resolve));
    const worker = new LeasedJobWorker<{ id: string }>({
      kind: 'test',
      db,
      jobsTable: TABLES.jobs,
      claimsTable: TABLES.claims,
      columns: [],
      pollMs: 20,
      timeLimitMs: 200,
      log: () => undefined,
      // The stuck job never answers (a back end that accepted and went silent).
      run: async (job) => {
        if (job.id === 'stuck') return new Promise<void>(() => undefined);
        await finish(job.id, 'done');
        ran();
      },
      timedOut: async (job, reason) => {
        failed.push({ id: job.id, reason });
        await finish(job.id, 'failed');
      },
    });
    worker.start();
    await afterRan;
    await worker.stop();
    expect(failed).toEqual([{ id: 'stuck', reason: expect.stringMatching(/time limit/) }]);
    const rows = await db.selectFrom(TABLES.jobs).select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'after', status: 'done' },
      { id: 'stuck', status: 'failed' },
    ]);
  });
});
