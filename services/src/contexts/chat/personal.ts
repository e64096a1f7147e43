import type { ContextServices } from '../../platform/context';
import { ValidationError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { withTables } from '../../platform/read-models/database';
import { runChatCommand } from './commands';
import { personalChatId } from './ids';
import type { ChatTables } from './read-model/tables';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/**
 * The personal chat between the caller and another person of their school (000 §3 Chat, type
 * `personal`): made on the first ask, the same chat for both, nobody moderates it. Someone of another
 * school, an unknown or a deleted user, or the caller themself is a 422 on `user_id`.
 */
export async function ensurePersonalChat(
  services: Services,
  caller: Caller,
  userId: string,
): Promise<string> {
  const refuse = () =>
    new ValidationError('Данные заполнены неверно', { user_id: ['Пользователь не найден'] });
  if (caller.schoolId === null || userId === caller.userId) throw refuse();
  const other = await withTables<ChatTables>(services.db)
    .selectFrom('people_directory')
    .select('id')
    .where('id', '=', userId)
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!other) throw refuse();
  const id = personalChatId(caller.schoolId, caller.userId, userId);
  const at = services.clock().toISOString();
  await runChatCommand(
    services,
    id,
    {
      type: 'Ensure',
      at,
      chat: {
        id,
        school_id: caller.schoolId,
        owner_id: caller.userId,
        type: 'personal',
        subject: 'personal',
        class_id: null,
        assignment_id: null,
        name: '',
        participants: [caller.userId, userId].sort(),
        moderators: [],
        created_at: at,
      },
    },
    caller,
  );
  return id;
}
