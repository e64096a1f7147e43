import { inviteCodeSchema, type StoredEvent } from '@sabaq/events';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../../../../tests/support/events';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../../tests/support/platform-fixture';
import { identityContext } from '../index';
import { inviteByCode, runInviteCommand, useInviteCode } from './commands';
import { createInviteCode } from './commands';
import { InviteCodeError } from './errors';
import { invitesProjection } from './projection';
import { INVITES_TABLE } from './table';

let env: StoreAndReadModels;
const services = () => ({
  store: env.store,
  db: env.db,
  clock: () => new Date('2026-09-01T08:00:00.000Z'),
  newId: () => randomUUID(),
});
const manager = { userId: 'manager-1', schoolId: 'school-1', group: 'manager' as const };

/** The projection is applied by hand here (no runner): `wait` is off for every command. */
async function replay(events: StoredEvent[]): Promise<void> {
  const handled = events.filter((e) => invitesProjection.handles.includes(e.type));
  await env.db.transaction().execute((tx) => invitesProjection.apply(tx, handled));
}
const rows = () => env.db.selectFrom(INVITES_TABLE).selectAll().orderBy('id').execute();

beforeAll(async () => {
  env = await storeAndReadModels(identityContext.migrations);
});
afterAll(async () => {
  await env?.close();
});

describe('invites in the store and the read model', () => {
  it('gives the last use to one of two concurrent users, whatever the interleaving', async () => {
    const id = randomUUID();
    const fields = inviteCodeSchema.parse({ name: 'Последнее место', limits: 1 });
    await createInviteCode(services(), manager, id, fields, {
      code: 'LAST-SEAT',
      eventId: (n) => `${id}:${n}`,
    });
    const tries = await Promise.allSettled(
      ['u1', 'u2', 'u3'].map((userId) =>
        useInviteCode(services(), 'last seat', { userId, purpose: 'register', contacts: [] }),
      ),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    for (const t of tries.filter((t) => t.status === 'rejected'))
      expect((t as PromiseRejectedResult).reason).toBeInstanceOf(InviteCodeError);
    const { state } = await inviteByCode(env.store, 'LAST-SEAT');
    expect(state.status === 'live' && state.users).toHaveLength(1);
  });

  it('refuses a code another invite holds, and creating the same invite twice appends nothing', async () => {
    const id = randomUUID();
    const fields = inviteCodeSchema.parse({ name: 'Демо' });
    const fixed = { code: 'SAME-CODE', eventId: (n: string) => `${id}:${n}` };
    await createInviteCode(services(), manager, id, fields, fixed);
    const before = await env.store.headPosition();
    await createInviteCode(services(), manager, id, fields, fixed);
    expect(await env.store.headPosition()).toBe(before);
    const other = randomUUID();
    await expect(
      createInviteCode(services(), manager, other, fields, {
        code: 'same code',
        eventId: (n) => `${other}:${n}`,
      }),
    ).rejects.toMatchObject({ httpStatus: 409 });
  });

  it('ends the same whether every event is applied once or twice', async () => {
    const id = randomUUID();
    await createInviteCode(
      services(),
      manager,
      id,
      inviteCodeSchema.parse({ name: 'Родители', recipients: [{ recipient: 'mom@school.kz' }] }),
      { code: 'REPLAY-01', eventId: (n) => `${id}:${n}` },
    );
    const meta = { userId: 'manager-1' };
    await runInviteCommand(services(), id, { type: 'Update', changes: { limits: 5 } }, meta, { wait: false });
    await useInviteCode(services(), 'REPLAY-01', {
      userId: 'u9',
      purpose: 'register',
      contacts: ['mom@school.kz'],
    });
    await runInviteCommand(
      services(),
      id,
      { type: 'Release', userId: 'u9', at: '2026-09-02T00:00:00.000Z' },
      meta,
      {
        wait: false,
      },
    );
    await useInviteCode(services(), 'REPLAY-01', { userId: 'u10', purpose: 'register', contacts: [] });

    const events = await everyEvent(env.store);
    await replay(events);
    const once = await rows();
    await replay(events);
    expect(await rows()).toEqual(once);
    // An old event delivered again after newer ones changes nothing either.
    await replay(events.filter((e) => e.type === 'InviteCodeCreated'));
    expect(await rows()).toEqual(once);

    const row = once.find((r) => r.id === id)!;
    expect(row).toMatchObject({
      code: 'REPLAY-01',
      limits: 5,
      usages_count: 1,
      school_id: 'school-1',
      group: 'student',
    });
    expect(row.recipients).toEqual([
      expect.objectContaining({ recipient: 'mom@school.kz', is_activated: true }),
    ]);
  });
});
