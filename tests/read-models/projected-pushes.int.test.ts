import type { Push } from '@sabaq/events';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadModelTx } from '../../services/src/platform/read-models/database';
import { eventually, storeAndReadModels, type StoreAndReadModels } from '../support/platform-fixture';
import {
  notifyProjectedPushes,
  PROJECTED_PUSH_CHANNEL,
  projectedPush,
} from '../../services/src/platform/realtime/projected-pushes';

/**
 * A projection's batch announces its pushes in one statement (`notifyProjectedPushes`): each arrives
 * at a listener as a notice of its own, in the order given, and only once the transaction commits.
 */
let env: StoreAndReadModels;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  env = await storeAndReadModels();
  listener = new pg.Client({ connectionString: env.url });
  await listener.connect();
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query(`LISTEN ${PROJECTED_PUSH_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await env?.close();
});

describe('projected pushes sent together', () => {
  it('delivers each notice of one statement, in order, at commit', async () => {
    const pushes: Push[] = [1, 2, 3].map((n) => ({
      channel: `assignment.a-${n}` as const,
      event: 'TimelineChanged' as const,
      data: { assignment_attempt_ids: [`attempt-${n}`], position: String(n) },
    }));
    let heardBeforeCommit = -1;
    await env.db.transaction().execute(async (tx) => {
      await notifyProjectedPushes(tx, pushes);
      // A round trip on another connection: a notice sent before the commit would have arrived by now.
      await env.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      heardBeforeCommit = heard.length;
    });
    expect(heardBeforeCommit).toBe(0);
    await eventually(
      async () => heard.length,
      (n) => n >= 3,
    );
    expect(heard.map((payload) => JSON.parse(payload) as unknown)).toEqual(pushes);
    // Each is a push the contract allows on its channel, as the realtime feed checks it.
    for (const payload of heard) expect(projectedPush(payload)?.event).toBe('TimelineChanged');
  });

  it('runs the write they announce in the same statement, with or without notices', async () => {
    await sql`CREATE TABLE IF NOT EXISTS announced_rows (id text PRIMARY KEY, n integer NOT NULL)`.execute(
      env.db,
    );
    const upsert = (tx: ReadModelTx, n: number) =>
      tx
        .withTables<{ announced_rows: { id: string; n: number } }>()
        .insertInto('announced_rows')
        .values([
          { id: 'a', n },
          { id: 'b', n },
        ])
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ n: eb.ref('excluded.n') })));
    const push: Push = {
      channel: 'assignment.a-9',
      event: 'TimelineChanged',
      data: { assignment_attempt_ids: ['attempt-9'], position: '9' },
    };
    const before = heard.length;
    await env.db.transaction().execute(async (tx) => {
      await notifyProjectedPushes(tx, [push], [upsert(tx, 1)]);
    });
    const rows = () =>
      sql<{ id: string; n: number }>`SELECT id, n FROM announced_rows ORDER BY id`
        .execute(env.db)
        .then((r) => r.rows);
    expect(await rows()).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 1 },
    ]);
    await eventually(
      async () => heard.length,
      (n) => n > before,
    );
    expect(JSON.parse(heard[before]!)).toEqual(push);
    // No notices: the write still runs, alone.
    await env.db.transaction().execute(async (tx) => {
      await notifyProjectedPushes(tx, [], [upsert(tx, 2)]);
    });
    expect((await rows()).map((r) => r.n)).toEqual([2, 2]);
  });
});
