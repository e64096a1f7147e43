import type { StoredEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../../../tests/support/events';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../tests/support/platform-fixture';
import { handleCommand } from '../../platform/commands/handle-command';
import { registerUser } from '../identity/register';
import { peopleProjection } from './directory/projection';
import { PEOPLE_TABLE } from './directory/table';
import { personDecider, personStream, type PersonCommand } from './person-decider';
import { peopleContext } from './index';

let env: StoreAndReadModels;
beforeAll(async () => {
  env = await storeAndReadModels(peopleContext.migrations);
});
afterAll(async () => {
  await env?.close();
});

const register = (userId: string, username: string, group: 'student' | 'teacher') =>
  registerUser(env.store, {
    userId,
    username,
    group,
    schoolIds: ['school-1'],
    firstname: 'Айгерим',
    lastname: 'Касымова',
    patronymic: null,
    email: `${username}@example.kz`,
    phone: null,
    color: null,
    photo: null,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    registeredAt: '2026-09-01T08:00:00.000Z',
  });

const person = (command: PersonCommand) =>
  handleCommand(env.store, personStream(command.userId), personDecider, command, {
    eventId: (_event, index) => `${command.userId}-${command.type}-${index}`,
    metadata: { userId: 'manager-1', occurredAt: '2026-09-02T08:00:00.000Z' },
  });

async function replay(events: StoredEvent[]): Promise<void> {
  const handled = events.filter((e) => peopleProjection.handles.includes(e.type));
  await env.db.transaction().execute((tx) => peopleProjection.apply(tx, handled));
}

const snapshot = () => env.db.selectFrom(PEOPLE_TABLE).selectAll().orderBy('id').execute();

describe('the people directory', () => {
  it('ends the same whether every event is applied once or twice', async () => {
    await register('u-student', 'aigerim', 'student');
    await register('u-teacher', 'teacher.k', 'teacher');
    await person({
      type: 'UpdateProfile',
      userId: 'u-student',
      changes: { lastname: 'Сейткали', notify_via_sms: true },
      current: { lastname: 'Касымова', notify_via_sms: false },
    });
    await person({ type: 'Deactivate', userId: 'u-teacher', at: '2026-09-03T08:00:00.000Z' });

    const events = await everyEvent(env.store);
    await replay(events);
    const once = await snapshot();
    await replay(events);
    expect(await snapshot()).toEqual(once);
    // An old event delivered again after newer ones changes nothing either.
    await replay(events.filter((e) => e.type === 'UserRegistered'));
    expect(await snapshot()).toEqual(once);

    expect(once).toHaveLength(2);
    expect(once[0]).toMatchObject({
      id: 'u-student',
      group: 'student',
      lastname: 'Сейткали',
      notify_via_sms: true,
      notify_via_email: false,
      request_photo_challenge: false,
      points: 0,
      credibility: null,
      deleted: false,
      school_id: 'school-1',
    });
    expect(once[1]).toMatchObject({ id: 'u-teacher', deleted: true });
    expect(JSON.stringify(once)).not.toContain('argon2');
  });
});
