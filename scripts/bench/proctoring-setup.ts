/**
 * The proctoring bench's exam: N students registered in the demo school the way the demo seed registers
 * its accounts (one shared password hash, so setting up costs no N hashings), each signed in through
 * POST /oauth/token like a real client, an external exam given to all of them by the demo teacher, and
 * each student's attempt opened through the API.
 */
import { hash } from '@node-rs/argon2';
import { DEMO_PASSWORD, DEMO_SCHOOL_ID } from '../../services/src/contexts/identity/seed';
import { uuidV5 } from '../../services/src/platform/ids';
import { registerUser } from '../../services/src/contexts/identity/register';
import type { EventStore } from '../../services/src/platform/ports/event-store';

export interface Tokens {
  access: string;
  ws: string;
}
export interface BenchStudent extends Tokens {
  userId: string;
  attemptId: string;
}
export interface BenchExam {
  assignmentId: string;
  students: BenchStudent[];
  proctor: Tokens;
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}

async function post(base: string, path: string, token: string | null, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export async function signIn(base: string, username: string): Promise<Tokens> {
  const answer = await post(base, '/oauth/token', null, {
    grant_type: 'password',
    client_id: '2',
    username,
    password: DEMO_PASSWORD,
  });
  return { access: answer.access_token as string, ws: answer.ws_access_token as string };
}

/**
 * Registers bench students as the demo seed registers its accounts (the demo password, the demo
 * school), a few at a time; `firstname` tells the benches' people apart.
 */
export async function registerBenchStudents(
  store: EventStore,
  names: readonly string[],
  firstname = 'Студент',
): Promise<void> {
  // The benches measure what students do once signed in, not signing in: a hash with argon2's lightest
  // parameters (they travel inside the hash, and sign-in verifies with them) lets thousands sign in within
  // a minute on a loaded machine, where the default parameters took tens of minutes for 3,000. These
  // accounts live only in the bench's throw-away data directory.
  const passwordHash = await hash(DEMO_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const at = new Date().toISOString();
  await inPool(names, 8, (username) =>
    registerUser(store, {
      userId: uuidV5(`bench-user:${username}`),
      username,
      group: 'student',
      schoolIds: [DEMO_SCHOOL_ID],
      firstname,
      lastname: username,
      patronymic: null,
      email: null,
      phone: null,
      color: null,
      photo: null,
      passwordHash,
      registeredAt: at,
    }),
  );
}

export async function setUpExam(
  base: string,
  store: EventStore,
  count: number,
  caughtUp: () => Promise<void>,
  say: (line: string) => void,
): Promise<BenchExam> {
  const names = Array.from({ length: count }, (_, i) => `bench-student-${String(i + 1).padStart(4, '0')}`);
  await registerBenchStudents(store, names);
  await caughtUp();
  say(`registered ${count} students`);
  const teacher = await signIn(base, 'teacher');
  const proctor = await signIn(base, 'proctor');
  const made = await post(base, '/api/assignments', teacher.access, {
    type: 'external',
    name: 'Нагрузочный экзамен',
    students: names.map((username) => uuidV5(`bench-user:${username}`)),
  });
  const assignmentId = (made.entity as { id: string }).id;
  await caughtUp();
  // A few at a time, as a class arriving: sign-in and the attempt's opening are requests to the server.
  const students = await inPool(names, 8, async (username) => {
    const tokens = await signIn(base, username);
    const attempt = await post(base, '/api/assignment-attempts', tokens.access, {
      assignment_id: assignmentId,
    });
    return {
      ...tokens,
      userId: uuidV5(`bench-user:${username}`),
      attemptId: (attempt.entity as { id: string }).id,
    };
  });
  await caughtUp();
  say(`signed in ${count} students and opened their attempts`);
  return { assignmentId, students, proctor };
}
