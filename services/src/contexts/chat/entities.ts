import type { ContextServices } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import { listOf } from './access';
import { isOnline } from './presence';
import { CHAT_TABLES, type ChatMessageRow, type ChatRow, type ChatTables } from './read-model/tables';

type Services = Pick<ContextServices, 'db'>;
const iso = (value: Date | string | null) => (value instanceof Date ? value.toISOString() : value);
const tables = (services: Services) => withTables<ChatTables>(services.db);

/** A message row, or one with an edit laid over it before the read model has it (message-changes.ts). */
export type MessageFacts = Omit<ChatMessageRow, 'edited_at'> & { edited_at: Date | string | null };

export interface Person {
  id: string;
  name: string;
  photo: string | null;
  color: string | null;
}

/** Names and photos of users from the people directory; an unknown id keeps its id as its name. */
export async function peopleOf(services: Services, ids: readonly string[]): Promise<Map<string, Person>> {
  const people = new Map<string, Person>(ids.map((id) => [id, { id, name: id, photo: null, color: null }]));
  if (ids.length === 0) return people;
  const rows = await tables(services)
    .selectFrom('people_directory')
    .select(['id', 'firstname', 'lastname', 'photo', 'color'])
    .where('id', 'in', [...ids])
    .execute();
  for (const r of rows) {
    const name = [r.lastname, r.firstname].filter((p) => typeof p === 'string' && p).join(' ');
    people.set(r.id, { id: r.id, name: name || r.id, photo: r.photo ?? null, color: r.color ?? null });
  }
  return people;
}

/**
 * A message as the API and the pushes answer it (000 §3 "Chat message"). The text is plain text: it is
 * answered as written, never as markup, and the web client renders it as text. A deleted message keeps
 * its place with no text.
 */
export function messageEntity(
  row: MessageFacts,
  people?: Map<string, Person>,
  media?: Map<string, Record<string, unknown>>,
): Record<string, unknown> {
  const userId = row.user_id;
  return {
    id: row.id,
    chat_id: row.chat_id,
    parent_id: row.parent_id ?? null,
    user_id: userId,
    recipient_id: row.recipient_id ?? null,
    media_id: row.media_id ?? null,
    action: row.action,
    message: row.deleted ? null : (row.message ?? null),
    is_service: Boolean(row.is_service),
    is_deleted: Boolean(row.deleted),
    edited_at: iso(row.edited_at ?? null),
    created_at: iso(row.created_at),
    seq: row.seq,
    media: row.media_id && !row.deleted ? (media?.get(row.media_id) ?? { id: row.media_id }) : null,
    user: people?.get(userId) ?? { id: userId, name: userId, photo: null, color: null },
  };
}

/** The attachments' names and kinds from the media library, for the window to show them by name. */
export async function mediaOf(
  services: Services,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  if (ids.length === 0) return found;
  const rows = await tables(services)
    .selectFrom('media_items')
    .select(['id', 'name', 'type', 'file_name', 'mime_type'])
    .where('id', 'in', [...ids])
    .execute();
  for (const r of rows)
    found.set(r.id, {
      id: r.id,
      name: r.name ?? r.file_name ?? null,
      type: r.type ?? null,
      file_name: r.file_name ?? null,
      mime_type: r.mime_type ?? null,
    });
  return found;
}

/** Messages of a chat the caller may see: the group's, and personal ones to or from them. */
export function visibleMessages(services: Services, chatId: string, userId: string) {
  return tables(services)
    .selectFrom(CHAT_TABLES.messages)
    .selectAll()
    .where('chat_id', '=', chatId)
    .where((eb) =>
      eb.or([eb('recipient_id', 'is', null), eb('recipient_id', '=', userId), eb('user_id', '=', userId)]),
    );
}

/** When each person was last active on the platform (identity's sign-ins and token refreshes). */
async function lastActivityOf(
  services: Services,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await tables(services)
    .selectFrom('users')
    .select(['id', 'last_activity_date'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, iso(r.last_activity_date)]));
}

async function unreadCount(services: Services, chatId: string, userId: string): Promise<number> {
  const read = await tables(services)
    .selectFrom(CHAT_TABLES.reads)
    .select('seq')
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const row = await visibleMessages(services, chatId, userId)
    .clearSelect()
    .select((eb) => eb.fn.countAll().as('n'))
    .where('seq', '>', read?.seq ?? -1)
    .where('user_id', '!=', userId)
    .where('deleted', '=', false)
    .where('is_service', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A chat as the API answers it (000 §3 "Chat"; 001 §7 "Chat group"), for one caller. */
export async function chatEntity(
  services: Services,
  row: ChatRow,
  userId: string,
  options: { participants: boolean },
): Promise<Record<string, unknown>> {
  const participantIds = listOf(row.participants);
  const moderators = listOf(row.moderators);
  const muted = listOf(row.muted);
  const last =
    typeof row.last_message_id === 'string'
      ? await tables(services)
          .selectFrom(CHAT_TABLES.messages)
          .selectAll()
          .where('id', '=', row.last_message_id)
          .executeTakeFirst()
      : undefined;
  // A personal chat is named after the other person, so each of the two sees the other's name.
  const other = row.type === 'personal' ? participantIds.find((id) => id !== userId) : undefined;
  const activity = options.participants
    ? await lastActivityOf(services, participantIds)
    : new Map<string, string | null>();
  const people = await peopleOf(services, [
    ...(options.participants ? participantIds : []),
    ...(other ? [other] : []),
    ...(last ? [last.user_id] : []),
    row.owner_id,
  ]);
  return {
    id: row.id,
    chat_id: row.id,
    owner_id: row.owner_id,
    type: row.type,
    subject: row.subject,
    status: row.closed ? 'closed' : 'active',
    class_id: row.class_id ?? null,
    assignment_id: row.assignment_id ?? null,
    image: null,
    color: null,
    name: other ? (people.get(other)?.name ?? other) : row.name,
    description: null,
    participants_count: participantIds.length,
    unread_count: await unreadCount(services, row.id, userId),
    is_moderator: moderators.includes(userId),
    is_muted: muted.includes(userId),
    owner: people.get(row.owner_id) ?? null,
    ...(options.participants
      ? {
          participants: participantIds.map((id) => ({
            ...people.get(id),
            is_moderator: moderators.includes(id),
            is_muted: muted.includes(id),
            is_online: isOnline(services, id),
            last_activity_date: activity.get(id) ?? null,
          })),
        }
      : {}),
    last_message: last ? messageEntity(last, people) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * 001 §7: the group list names the fields it wants in `X-Requested-Fields` (comma-separated, dotted
 * for nested ones, e.g. `last_message.user.name`); without the header every field is answered.
 */
export function pickFields(
  entity: Record<string, unknown>,
  header: string | undefined,
): Record<string, unknown> {
  if (!header || !header.trim()) return entity;
  const out: Record<string, unknown> = {};
  for (const path of header
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const parts = path.split('.');
    let from: unknown = entity;
    let to: Record<string, unknown> = out;
    for (const [i, part] of parts.entries()) {
      if (from === null || typeof from !== 'object' || !(part in from)) break;
      const value = (from as Record<string, unknown>)[part];
      if (i === parts.length - 1 || value === null || typeof value !== 'object') {
        to[part] = value;
        break;
      }
      to[part] = (to[part] as Record<string, unknown> | undefined) ?? {};
      to = to[part] as Record<string, unknown>;
      from = value;
    }
  }
  return out;
}
