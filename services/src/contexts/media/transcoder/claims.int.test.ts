import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/support/databases';
import { createReadModelDb, type ReadModelDb } from '../../../platform/read-models/database';
import { migrateReadModels } from '../../../platform/read-models/migrations';
import { mediaMigrations, TABLES } from '../read-model/tables';
import { claimJob } from './worker';

let db: ReadModelDb;

beforeAll(async () => {
  db = createReadModelDb(await createTestDatabase('media_claims'));
  await migrateReadModels(db, mediaMigrations);
});
afterAll(async () => db?.destroy());

/** A job as the media projection writes it from TranscodeRequested (the claims are what is tested here). */
async function pending(id: string, at: string, status = 'pending') {
  await db
    .insertInto(TABLES.jobs)
    .values({
      id,
      stream_id: `webinar_session-${id}`,
      attempt: 1,
      status,
      school_id: 's',
      requested_at: new Date(at),
    })
    .execute();
}

describe('transcoding job claims', () => {
  it('give each pending job to one worker, oldest first, and never a finished one', async () => {
    await pending('done-1', '2026-01-01T00:00:00Z', 'done');
    await pending('job-b', '2026-01-01T00:00:02Z');
    await pending('job-a', '2026-01-01T00:00:01Z');
    const claims = await Promise.all(['w1', 'w2', 'w3'].map((w) => claimJob(db, w, 60)));
    const ids = claims
      .map((c) => c?.id)
      .filter(Boolean)
      .sort();
    expect(ids).toEqual(['job-a', 'job-b']);
    expect(claims.filter((c) => c === undefined)).toHaveLength(1);
    expect(await claimJob(db, 'w4', 60)).toBeUndefined();
  });

  it('let a job go to another worker once its lease ran out', async () => {
    await pending('job-c', '2026-01-01T00:00:03Z');
    expect(await claimJob(db, 'crashed', 0)).toMatchObject({ id: 'job-c', attempt: 1 });
    expect(await claimJob(db, 'next', 60)).toMatchObject({ id: 'job-c' });
    const claim = await db
      .selectFrom(TABLES.claims)
      .selectAll()
      .where('job_id', '=', 'job-c')
      .executeTakeFirst();
    expect(claim?.worker).toBe('next');
  });
});
