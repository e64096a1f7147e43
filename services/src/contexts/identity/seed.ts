import { hash } from '@node-rs/argon2';
import type { UserGroup } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { assignChallenge } from './challenges/account';
import { handleCommand } from '../../platform/commands/handle-command';
import { uuidV5 } from '../../platform/ids';
import { seedDemoInvite } from './invites/demo-invite';
import { registerUser } from './register';
import { schoolDecider, schoolStream } from './school-decider';
import { userDecider, userStream } from './user-decider';

export const DEMO_PASSWORD = 'Demo12345';
export const DEMO_SCHOOL_ID = uuidV5('demo-school:Демо-школа');
/** A second school, so that choosing between schools can be tried: only the admin belongs to it. */
export const DEMO_SECOND_SCHOOL_ID = uuidV5('demo-school:Демо-лицей');

export const DEMO_ACCOUNTS: readonly {
  username: string;
  group: UserGroup;
  lastname: string;
  firstname: string;
  patronymic: string;
}[] = [
  { username: 'admin', group: 'admin', lastname: 'Ахметов', firstname: 'Ерлан', patronymic: 'Серикович' },
  { username: 'manager', group: 'manager', lastname: 'Иванова', firstname: 'Марина', patronymic: 'Петровна' },
  {
    username: 'teacher',
    group: 'teacher',
    lastname: 'Смирнов',
    firstname: 'Алексей',
    patronymic: 'Игоревич',
  },
  {
    username: 'student',
    group: 'student',
    lastname: 'Касымова',
    firstname: 'Айгерим',
    patronymic: 'Муратовна',
  },
  {
    username: 'student2',
    group: 'student',
    lastname: 'Петров',
    firstname: 'Даниил',
    patronymic: 'Андреевич',
  },
  { username: 'proctor', group: 'proctor', lastname: 'Ким', firstname: 'Ольга', patronymic: 'Владимировна' },
  {
    username: 'analyst',
    group: 'analyst',
    lastname: 'Нурланов',
    firstname: 'Тимур',
    patronymic: 'Болатович',
  },
];

export const demoUserId = (username: string) => uuidV5(`demo-user:${username}`);

/**
 * Demo data for `npm start`. Every id and event id is derived from a fixed name, so a second start
 * (or two api processes starting together) appends nothing new.
 */
export async function seedDemo(services: ContextServices): Promise<void> {
  if (!services.demo) return;
  const { store } = services;
  for (const school of [
    { schoolId: DEMO_SCHOOL_ID, name: 'Демо-школа', shortDescription: 'Школа для знакомства с платформой' },
    { schoolId: DEMO_SECOND_SCHOOL_ID, name: 'Демо-лицей', shortDescription: 'Вторая школа администратора' },
  ]) {
    if ((await store.streamVersion(schoolStream(school.schoolId))) >= 0) continue;
    await handleCommand(
      store,
      schoolStream(school.schoolId),
      schoolDecider,
      {
        type: 'RegisterSchool',
        data: {
          ...school,
          type: 'school',
          logo: null,
          website: null,
          email: null,
          callCenterPhone: null,
        },
      },
      { eventId: () => uuidV5(`${school.schoolId}:registered`), metadata: { schoolId: school.schoolId } },
    );
  }
  const at = services.clock().toISOString();
  let passwordHash: string | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const userId = demoUserId(account.username);
    if ((await store.streamVersion(userStream(userId))) >= 0) continue;
    passwordHash ??= await hash(DEMO_PASSWORD);
    await registerUser(store, {
      userId,
      username: account.username,
      group: account.group,
      schoolIds: [DEMO_SCHOOL_ID],
      firstname: account.firstname,
      lastname: account.lastname,
      patronymic: account.patronymic,
      email: `${account.username}@demo.sabaq.kz`,
      phone: null,
      color: null,
      photo: null,
      passwordHash,
      registeredAt: at,
    });
  }
  const admin = demoUserId('admin');
  await handleCommand(
    store,
    userStream(admin),
    userDecider,
    { type: 'JoinSchool', data: { userId: admin, schoolId: DEMO_SECOND_SCHOOL_ID } },
    { eventId: () => uuidV5(`${admin}:joined:${DEMO_SECOND_SCHOOL_ID}`), metadata: { userId: admin } },
  );
  // student2 must choose a new password at first sign-in: the challenge flow can be tried on it.
  const student2 = demoUserId('student2');
  await assignChallenge(services, student2, 'change_password', null, `demo:${student2}:change_password`);
  await seedDemoInvite(services, { schoolId: DEMO_SCHOOL_ID, managerId: demoUserId('manager') });
}
