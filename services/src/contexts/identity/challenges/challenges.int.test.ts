import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../../../../tests/support/events';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../../tests/support/platform-fixture';
import { identityContext } from '../index';
import { accountOf, assignChallenge, handleAccount } from './account';
import { challengesProjection } from './projection';

let env: StoreAndReadModels;
const clock = () => new Date('2026-03-01T09:00:00.000Z');

beforeAll(async () => {
  env = await storeAndReadModels(identityContext.migrations);
});
afterAll(async () => {
  await env?.close();
});

async function replay(): Promise<void> {
  const events = (await everyEvent(env.store)).filter((e) => challengesProjection.handles.includes(e.type));
  await env.db.transaction().execute((tx) => challengesProjection.apply(tx, events));
}

const snapshot = () => env.db.selectFrom('user_challenges').selectAll().orderBy('id').execute();

describe('challenges read model', () => {
  it('ends the same whether every event is applied once or twice', async () => {
    const deps = { store: env.store, clock, newId: () => randomUUID() };
    const userId = randomUUID();
    await assignChallenge(deps, userId, 'change_password', null, `test:${userId}`);
    await assignChallenge(deps, userId, 'sign_privacy_policy', randomUUID());
    await handleAccount(deps, userId, {
      type: 'CompleteChallenge',
      userId,
      challenge: 'change_password',
      at: '2026-03-01T09:05:00.000Z',
    });

    await replay();
    const once = await snapshot();
    await replay();
    expect(await snapshot()).toEqual(once);

    expect(once.map((c) => [c.challenge, c.is_completed]).sort()).toEqual([
      ['change_password', true],
      ['sign_privacy_policy', false],
    ]);
    const completed = once.find((c) => c.challenge === 'change_password');
    expect(completed?.updated_at).toEqual(new Date('2026-03-01T09:05:00.000Z'));
    // The read model agrees with the stream the authenticator reads.
    const account = await accountOf(env.store, userId);
    expect(account.challenges.map((c) => [c.challenge, c.is_completed]).sort()).toEqual(
      once.map((c) => [c.challenge, c.is_completed]).sort(),
    );
  });
});
