import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../services/src/contexts/identity/register';
import { DEMO_SCHOOL_ID } from '../../../services/src/contexts/identity/seed';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { httpClient, PASSWORD, type Platform } from './http';

/**
 * Sign-in limits from one address (every request here comes from 127.0.0.1): a password spray over
 * several accounts is slowed by the address's budget of failures, while a whole class behind one
 * school NAT still signs in.
 */
let platform: Platform;
const { login } = httpClient(() => platform);

beforeAll(async () => {
  platform = await startEmbeddedPlatform({
    dataDir: await mkdtemp(path.resolve('.tmp/sign-in-limits-')),
    demo: true,
  });
});
afterAll(async () => {
  await platform?.stop();
});

describe('failed sign-ins per address', () => {
  it('answers a spray over six accounts 429 once the address used up its failures, but lets right passwords in', async () => {
    const accounts = ['admin', 'manager', 'teacher', 'student', 'proctor', 'analyst'];
    const statuses: number[] = [];
    // 30 wrong passwords, 5 per account: under the per-username limit (10 a minute) everywhere.
    for (let round = 0; round < 5; round++) {
      for (const username of accounts) statuses.push((await login(username, `guess-${round}`)).status);
    }
    expect(statuses.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(statuses.slice(25)).toEqual(Array(5).fill(429));
    const refused = await login('teacher', 'guess-5');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status_code: 429, errors: {} });
    expect(refused.body.message).toMatch(/неудачных попыток входа/);
    // The right password is never refused by the address's budget.
    expect((await login('student2')).status).toBe(200);
  });

  it('lets a class of 30 behind one address sign in, even after the spray spent the budget', async () => {
    const pupils = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const userId = randomUUID();
        const username = `class-${i}-${userId.slice(0, 6)}`;
        await registerUser(platform.store, {
          userId,
          username,
          firstname: 'Ученик',
          lastname: `Номер ${i}`,
          patronymic: null,
          group: 'student',
          schoolIds: [DEMO_SCHOOL_ID],
          email: null,
          phone: null,
          color: null,
          photo: null,
          passwordHash: await hash(PASSWORD),
          registeredAt: new Date().toISOString(),
        });
        return username;
      }),
    );
    await platform.runner!.caughtUp();
    const answers = await Promise.all(pupils.map((username) => login(username)));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(answers.every((a) => typeof a.body.access_token === 'string')).toBe(true);
  });
});
