import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { registerUser } from '../../../services/src/contexts/identity/register';
import { DEMO_SCHOOL_ID } from '../../../services/src/contexts/identity/seed';
import { embeddedCodeSender } from '../../../services/src/contexts/identity/verification/code-sender';
import type { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

export type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
export const PASSWORD = 'Demo12345';

/** One HTTP client per suite, bound to the platform that suite started. */
export function httpClient(platform: () => Platform) {
  // Not caller(): over the started platform's port (fetch), as a client meets it, not app.inject in process.
  const call = async (method: string, url: string, options: { token?: string; json?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const response = await fetch(`${platform().url}${url}`, { method, headers, body });
    // Answers are checked by expect against the specification's shapes, not by the compiler.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const login = (username: string, password = PASSWORD) =>
    call('POST', '/oauth/token', { json: { grant_type: 'password', client_id: 2, username, password } });
  const token = async (username: string, password = PASSWORD): Promise<string> =>
    (await login(username, password)).body.access_token as string;
  return { call, login, token };
}

/** The code in the last message the platform sent to this phone or address, as the user would read it. */
export function lastCode(recipient: string): string {
  const text = embeddedCodeSender.lastMessageTo(recipient)?.text ?? '';
  const code = /\b(\d{4,6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

export function sentTo(recipient: string): string | undefined {
  return embeddedCodeSender.lastMessageTo(recipient)?.text;
}

/**
 * A user with the contacts a test needs, registered through identity's own registration (the sign-up
 * screen's call belongs to another context), then visible once the projections caught up.
 */
export async function registerPupil(
  platform: Platform,
  contacts: { phone?: string; email?: string },
): Promise<{ username: string; firstname: string; lastname: string }> {
  const username = `pupil-${randomUUID().slice(0, 8)}`;
  const person = { username, firstname: 'Аружан', lastname: 'Сейтова' };
  await registerUser(platform.store, {
    userId: randomUUID(),
    ...person,
    group: 'student',
    schoolIds: [DEMO_SCHOOL_ID],
    patronymic: null,
    email: contacts.email ?? null,
    phone: contacts.phone ?? null,
    color: null,
    photo: null,
    passwordHash: await hash(PASSWORD),
    registeredAt: new Date().toISOString(),
  });
  await platform.runner!.caughtUp();
  return person;
}

export const LIMIT = { message: 'Превышен лимит запросов', errors: {}, status_code: 429 };
