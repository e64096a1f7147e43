import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { withTables } from '../../platform/read-models/database';
import { CHAT_TABLES, type ChatRow, type ChatTables } from './read-model/tables';

type Services = Pick<ContextServices, 'db'>;

export const listOf = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/**
 * Only a chat's participants may see it, read, post or listen; for anybody else (another class,
 * another school, a closed chat) it does not exist. One rule for the routes and the channel.
 */
export async function participantChat(
  services: Services,
  caller: Caller,
  chatId: string,
): Promise<ChatRow | null> {
  if (caller.schoolId === null) return null;
  const row = await withTables<ChatTables>(services.db)
    .selectFrom(CHAT_TABLES.chats)
    .selectAll()
    .where('id', '=', chatId)
    .where('closed', '=', false)
    .executeTakeFirst();
  if (!row || row.school_id !== caller.schoolId) return null;
  return listOf(row.participants).includes(caller.userId) ? row : null;
}

export async function visibleChat(services: Services, caller: Caller, chatId: string): Promise<ChatRow> {
  const row = await participantChat(services, caller, chatId);
  if (!row) throw new NotFoundError('Чат не найден');
  return row;
}
