import type { StoredEvent } from '@sabaq/events';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyEvent } from '../../../../tests/support/events';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../tests/support/platform-fixture';
import { nobodyAuthenticator } from '../../platform/http/authenticate';
import type { Projection } from '../../platform/projections/projection';
import type { ContextServices } from '../../platform/context';
import { IdentityAuth } from './auth-service';
import { directoryProjection } from './directory/projection';
import { ConflictError } from '../../platform/errors';
import { identityContext } from './index';
import { registerUser } from './register';
import { DEMO_PASSWORD, DEMO_SECOND_SCHOOL_ID, demoUserId, seedDemo } from './seed';
import { sessionsProjection } from './sessions/projection';

let env: StoreAndReadModels;
let services: ContextServices;

beforeAll(async () => {
  env = await storeAndReadModels(identityContext.migrations);
  services = {
    store: env.store,
    db: env.db,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: true,
    authenticator: nobodyAuthenticator,
  } as unknown as ContextServices;
  await seedDemo(services);
});
afterAll(async () => {
  await env?.close();
});

async function replay(projections: Projection[], events: StoredEvent[]): Promise<void> {
  for (const projection of projections) {
    const handled = events.filter((e) => projection.handles.includes(e.type));
    await env.db.transaction().execute((tx) => projection.apply(tx, handled));
  }
}

async function snapshot() {
  const [schools, users, memberships, sessions] = await Promise.all([
    env.db.selectFrom('schools').selectAll().orderBy('id').execute(),
    env.db.selectFrom('users').selectAll().orderBy('id').execute(),
    env.db.selectFrom('user_schools').selectAll().orderBy('user_id').orderBy('school_id').execute(),
    env.db.selectFrom('user_sessions').selectAll().orderBy('id').execute(),
  ]);
  return { schools, users, memberships, sessions };
}

describe('identity read models', () => {
  it('end the same whether every event is applied once or twice', async () => {
    const auth = new IdentityAuth(services);
    const admin = await auth.login('admin', DEMO_PASSWORD);
    const { caller, sessionId } = await auth.sessionOf(admin.access_token);
    await auth.selectSchool(caller, sessionId, DEMO_SECOND_SCHOOL_ID);
    await auth.refresh(admin.refresh_token);
    await auth.logout(sessionId);
    await auth.login('student', DEMO_PASSWORD);

    const events = await everyEvent(env.store);
    const projections = [directoryProjection, sessionsProjection];
    await replay(projections, events);
    const once = await snapshot();
    await replay(projections, events);
    expect(await snapshot()).toEqual(once);

    expect(once.schools.map((s) => s.name).sort()).toEqual(['Демо-лицей', 'Демо-школа']);
    expect(once.users).toHaveLength(7);
    const adminRow = once.users.find((u) => u.id === demoUserId('admin'));
    expect(adminRow).toMatchObject({ is_multiple_schools: true, username: 'admin' });
    expect(adminRow?.last_activity_date).toBeInstanceOf(Date);
    expect(JSON.stringify(once.users)).not.toContain('argon2');
    const adminSession = once.sessions.find((s) => s.id === sessionId);
    expect(adminSession).toMatchObject({ school_id: DEMO_SECOND_SCHOOL_ID, end_reason: 'logout' });
    expect(adminSession?.refreshed_at).toBeInstanceOf(Date);
  });

  it('authenticates other contexts’ callers: access and ws tokens apart, nothing after logout', async () => {
    const auth = new IdentityAuth(services);
    const tokens = await auth.login('Teacher', DEMO_PASSWORD);
    const caller = await auth.verifyAccessToken(tokens.access_token);
    expect(caller).toMatchObject({ userId: demoUserId('teacher'), group: 'teacher', pendingChallenges: [] });
    expect(caller.schoolId).not.toBeNull();
    expect(await auth.verifyWsToken(tokens.ws_access_token)).toEqual(caller);
    await expect(auth.verifyAccessToken(tokens.ws_access_token)).rejects.toMatchObject({ httpStatus: 401 });
    await expect(auth.verifyWsToken(tokens.access_token)).rejects.toMatchObject({ httpStatus: 401 });
    await expect(auth.verifyAccessToken(`${tokens.access_token}x`)).rejects.toMatchObject({
      httpStatus: 401,
    });
    await auth.logout((await auth.sessionOf(tokens.access_token)).sessionId);
    await expect(auth.verifyAccessToken(tokens.access_token)).rejects.toMatchObject({ httpStatus: 401 });
    await expect(auth.verifyWsToken(tokens.ws_access_token)).rejects.toMatchObject({ httpStatus: 401 });
  });

  it('lets exactly one of two concurrent registrations of a username win, whatever its case', async () => {
    const base = {
      group: 'student' as const,
      schoolIds: ['school-x'],
      firstname: 'Аружан',
      lastname: 'Сейтова',
      patronymic: null,
      email: null,
      phone: null,
      color: null,
      photo: null,
      passwordHash: '$argon2id$placeholder',
      registeredAt: new Date().toISOString(),
    };
    const name = `pupil${randomUUID().slice(0, 8)}`;
    const outcomes = await Promise.allSettled([
      registerUser(env.store, { ...base, userId: randomUUID(), username: name }),
      registerUser(env.store, { ...base, userId: randomUUID(), username: name.toUpperCase() }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === 'rejected');
    expect(lost?.status === 'rejected' && lost.reason).toBeInstanceOf(ConflictError);
  });

  it('seeds nothing the second time', async () => {
    const head = await env.store.headPosition();
    await seedDemo(services);
    expect(await env.store.headPosition()).toBe(head);
  });
});
