import { inviteCodeSchema } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { uuidV5 } from '../../../platform/ids';
import { createInviteCode } from './commands';

/** The demo school's invite: students register with it on the sign-up screen (README, demo accounts). */
export const DEMO_INVITE_CODE = 'DEMO-2026';

/** Created through the same command as any invite, with ids derived from the code: seeding twice adds nothing. */
export async function seedDemoInvite(
  services: ContextServices,
  school: { schoolId: string; managerId: string },
): Promise<void> {
  const id = uuidV5(`demo-invite:${DEMO_INVITE_CODE}`);
  await createInviteCode(
    services,
    { userId: school.managerId, schoolId: school.schoolId, group: 'manager' },
    id,
    inviteCodeSchema.parse({
      name: 'Демо-приглашение',
      description: 'Регистрация учеников в Демо-школе',
    }),
    { code: DEMO_INVITE_CODE, eventId: (name) => uuidV5(`${id}:${name}`) },
  );
}
