import type { Push } from '@sabaq/events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
