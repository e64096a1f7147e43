import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  storeAndReadModels,
  type StoreAndReadModels,
} from '../../../../tests/support/platform-fixture';
import { ObservedEventStore } from '../../platform/event-store/observed-event-store';
import { nobodyAuthenticator } from '../../platform/http/authenticate';
import type { EventStore } from '../../platform/ports/event-store';
import type { ContextServices } from '../../platform/context';
import { IdentityAuth } from './auth-service';
import { assignChallenge } from './challenges/account';
import { identityContext } from './index';
import { sessionStream } from './session-decider';
import { DEMO_PASSWORD, demoUserId, seedDemo } from './seed';

/**
 * Two api processes in miniature: each has its own ObservedEventStore over the one PostgreSQL store and
 * its own IdentityAuth. Callers are cached, yet a logout or a new challenge holds at once in the process
 * that made it and, through the log, in the other one.
 */
let env: StoreAndReadModels;
const processes: ObservedEventStore[] = [];

function apiProcess(store: EventStore = env.store): { auth: IdentityAuth; store: ObservedEventStore } {
  const observed = new ObservedEventStore(store);
  processes.push(observed);
  const services = {
    store: observed,
    db: env.db,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: true,
    authenticator: nobodyAuthenticator,
  } as unknown as ContextServices;
  return { auth: new IdentityAuth(services), store: observed };
}

/** Counts stream reads, to tell a cached answer from a fresh one. */
function countingStore(inner: EventStore): EventStore & { reads: number } {
  const counted = Object.create(inner) as EventStore & { reads: number };
  counted.reads = 0;
  counted.readStream = (streamId, options) => {
    counted.reads++;
    return inner.readStream(streamId, options);
  };
  return counted;
}

beforeAll(async () => {
  env = await storeAndReadModels(identityContext.migrations);
  await seedDemo({
    ...apiProcess(),
    db: env.db,
    demo: true,
    clock: () => new Date(),
    newId: randomUUID,
  } as never);
});
afterAll(async () => {
  for (const observed of processes) await observed.stopFollowing();
  await env?.close();
});

describe('the caller cache', () => {
  it('answers repeated requests without reading the session and account streams again', async () => {
    const counted = countingStore(env.store);
    const { auth } = apiProcess(counted);
    const tokens = await auth.login('teacher', DEMO_PASSWORD);
    await auth.verifyAccessToken(tokens.access_token);
    const before = counted.reads;
    for (let i = 0; i < 20; i++) await auth.verifyAccessToken(tokens.access_token);
    expect(counted.reads).toBe(before);
  });

  it('refuses a logged-out session at once in the same process and soon in another', async () => {
    const a = apiProcess();
    const b = apiProcess();
    await b.store.follow();
    const tokens = await a.auth.login('manager', DEMO_PASSWORD);
    // Both processes have the caller cached before the logout.
    await a.auth.verifyAccessToken(tokens.access_token);
    await b.auth.verifyAccessToken(tokens.access_token);
    await a.auth.logout(await a.auth.sessionIdOf(tokens.access_token));
    await expect(a.auth.verifyAccessToken(tokens.access_token)).rejects.toMatchObject({ httpStatus: 401 });
    const refused = await eventually(
      () =>
        b.auth.verifyAccessToken(tokens.access_token).then(
          () => undefined,
          (error: { httpStatus?: number }) => error.httpStatus,
        ),
      (status) => status !== undefined,
    );
    expect(refused).toBe(401);
  });

  it('shows a challenge assigned in another process to the cached caller', async () => {
    const a = apiProcess();
    const b = apiProcess();
    await b.store.follow();
    const tokens = await b.auth.login('proctor', DEMO_PASSWORD);
    expect((await b.auth.verifyAccessToken(tokens.access_token)).pendingChallenges).toEqual([]);
    await assignChallenge(
      { store: a.store, newId: randomUUID, clock: () => new Date() },
      demoUserId('proctor'),
      'change_password',
      null,
    );
    const caller = await eventually(
      () => b.auth.verifyAccessToken(tokens.access_token),
      (seen) => seen.pendingChallenges.length > 0,
    );
    expect(caller.pendingChallenges).toEqual(['change_password']);
  });

  it('proves its change reports current while following: what committed before a proof was reported', async () => {
    const a = apiProcess();
    const b = apiProcess();
    expect(b.store.provenCurrentAt()).toBe(-Infinity);
    await b.store.follow();
    const reported = new Set<string>();
    b.store.onChange((streamId) => reported.add(streamId));
    // Another process signs in: its new session stream is committed before `committedBy`.
    const tokens = await a.auth.login('student', DEMO_PASSWORD);
    const stream = sessionStream(await a.auth.sessionIdOf(tokens.access_token));
    const committedBy = performance.now();
    await eventually(
      async () => b.store.provenCurrentAt(),
      (proven) => proven > committedBy,
    );
    // A proof covering that moment means the change had been reported, never only soon after.
    expect(reported.has(stream)).toBe(true);
    await b.store.stopFollowing();
    expect(b.store.provenCurrentAt()).toBe(-Infinity);
  });
});
