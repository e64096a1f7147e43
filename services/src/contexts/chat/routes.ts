import { chatMessageRecord, chatRecord, entityAnswer, listAnswer, noContentAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { callerOf } from '../../platform/http/authenticate';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { isStorableText } from '../../platform/http/records/text-guard';
import { withTables } from '../../platform/read-models/database';
import { mayReadMedia } from '../media/visibility';
import { listOf, visibleChat } from './access';
import { runChatCommand } from './commands';
import { chatEntity, mediaOf, messageEntity, peopleOf, pickFields, visibleMessages } from './entities';
import { ensurePersonalChat } from './personal';
import { checkExamConversation } from './watcher-chats';
import { isOnline } from './presence';
import { CHAT_TABLES, jsonList, type ChatMessageRow, type ChatTables } from './read-model/tables';
import { DEFAULT_CHAT_RATE_LIMIT, postingLimiter, type RateLimit } from './rate-limit';
import { subjectChatRoutes } from './subject-chat-routes';

const idParams = z.object({ id: recordId });
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const chatsQuery = z.object({
  type: z.enum(['group', 'personal']).optional(),
  orderBy: z.enum(['last_message', 'created_at', 'name']).default('last_message'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
const messagesQuery = z.object({
  chat_id: recordId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  paginable: flag.default(true),
  recipient_id: recordId.optional(),
  /** Resume after a reconnect: the messages after this one, oldest first (docs/chat.md). */
  after_id: recordId.optional(),
});
const text = z
  .string({ error: 'Введите сообщение' })
  .max(CHAT_MESSAGE_MAX_LENGTH, `Не длиннее ${CHAT_MESSAGE_MAX_LENGTH} символов`)
  .refine(isStorableText, 'Недопустимые символы');
const postBody = z.strictObject({
  chat_id: recordId,
  message: text.nullable().default(null),
  parent_id: recordId.nullable().default(null),
  media_id: recordId.nullable().default(null),
  recipient_id: recordId.nullable().default(null),
  /** A client's own id for the message: sending it again (a retry) posts once. */
  id: z.uuid().optional(),
});
const editBody = z.strictObject({ message: text });
const readBody = z.strictObject({ message_id: recordId });
const personalBody = z.strictObject({
  type: z.literal('personal'),
  user_id: recordId,
  /** Opened from the proctoring grid for this exam: the caller must watch it (watcher-chats.ts). */
  assignment_id: recordId.optional(),
});
const muteBody = z.strictObject({ user_id: recordId, muted: z.boolean().default(true) });

/**
 * 001 §7: `/api/chats` (the caller's chats, for the group list; one chat with its participants),
 * `/api/chat-messages` (a chat's messages by page, newest page first; post, edit, delete), the read
 * position and a moderator's mute, and the chat of a class or an assignment, made on first ask if the
 * process manager has not got there yet. A chat the caller is not in is 404, as if absent.
 */
export async function chatRoutes(
  app: FastifyInstance,
  services: ContextServices,
  options: { rateLimit?: RateLimit } = {},
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const limitPosting = postingLimiter(options.rateLimit ?? DEFAULT_CHAT_RATE_LIMIT, services.clock);
  const db = withTables<ChatTables>(services.db);

  api.get(
    '/api/chats',
    { schema: { tags, querystring: chatsQuery, response: { 200: listAnswer(chatRecord) } } },
    async (request) => {
      const caller = callerOf(request);
      const { type, orderBy, page, limit } = request.query;
      if (caller.schoolId === null) return pageOf([], 0, page, limit);
      let query = db
        .selectFrom(CHAT_TABLES.chats)
        .where('school_id', '=', caller.schoolId)
        .where('closed', '=', false)
        .where('participants', '@>', jsonList([caller.userId]));
      if (type) query = query.where('type', '=', type);
      const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const total = Number(counted.n);
      const ordered =
        orderBy === 'name'
          ? query.orderBy('name', 'asc')
          : orderBy === 'created_at'
            ? query.orderBy('created_at', 'desc')
            : query.orderBy((eb) => eb.fn.coalesce('last_message_at', 'created_at'), 'desc');
      const rows = await ordered
        .orderBy('id')
        .selectAll()
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const fields = request.headers['x-requested-fields'];
      const header = Array.isArray(fields) ? fields.join(',') : fields;
      const data = [];
      for (const row of rows)
        data.push(
          pickFields(await chatEntity(services, row, caller.userId, { participants: false }), header),
        );
      return pageOf(data, total, page, limit);
    },
  );

  api.post(
    '/api/chats',
    { schema: { tags, body: personalBody, response: { 201: entityAnswer(chatRecord) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { user_id: userId, assignment_id: assignmentId } = request.body;
      if (assignmentId !== undefined) await checkExamConversation(services, caller, assignmentId, userId);
      const id = await ensurePersonalChat(services, caller, userId);
      const row = await visibleChat(services, caller, id);
      return reply
        .code(201)
        .send({ entity: await chatEntity(services, row, caller.userId, { participants: true }) });
    },
  );

  api.get(
    '/api/chats/:id',
    { schema: { tags, params: idParams, response: { 200: entityAnswer(chatRecord) } } },
    async (request) => {
      const caller = callerOf(request);
      const row = await visibleChat(services, caller, request.params.id);
      return { entity: await chatEntity(services, row, caller.userId, { participants: true }) };
    },
  );

  api.get(
    '/api/chat-messages',
    { schema: { tags, querystring: messagesQuery, response: { 200: listAnswer(chatMessageRecord) } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      await visibleChat(services, caller, q.chat_id);
      let query = visibleMessages(services, q.chat_id, caller.userId);
      if (q.recipient_id) {
        const other = q.recipient_id;
        query = query.where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', caller.userId), eb('recipient_id', '=', other)]),
            eb.and([eb('user_id', '=', other), eb('recipient_id', '=', caller.userId)]),
          ]),
        );
      }
      if (q.after_id) {
        const after = await visibleMessages(services, q.chat_id, caller.userId)
          .where('id', '=', q.after_id)
          .executeTakeFirst();
        if (!after)
          throw new ValidationError('Данные заполнены неверно', { after_id: ['Сообщение не найдено'] });
        const rows = await query.where('seq', '>', after.seq).orderBy('seq', 'asc').limit(q.limit).execute();
        return { entities: await withPeople(rows) };
      }
      const counted = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const total = Number(counted.n);
      // Page 1 is the newest messages: the window opens at the bottom and scrolls upwards page by page.
      const rows = await query
        .orderBy('seq', 'desc')
        .limit(q.limit)
        .offset(q.paginable ? (q.page - 1) * q.limit : 0)
        .execute();
      const data = await withPeople(rows);
      return q.paginable ? pageOf(data, total, q.page, q.limit) : { entities: data };
    },
  );

  api.post(
    '/api/chat-messages',
    { schema: { tags, body: postBody, response: { 201: entityAnswer(chatMessageRecord) } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const chat = await visibleChat(services, caller, body.chat_id);
      const message = body.message?.trim() ? body.message : null;
      if (message === null && body.media_id === null)
        throw new ValidationError('Данные заполнены неверно', { message: ['Введите сообщение'] });
      if (body.media_id !== null) await checkMedia(caller, body.media_id);
      limitPosting(caller.userId);
      const id = body.id ?? services.newId();
      // A client's id already used by another message (another chat, another author) is refused up front.
      const taken = await db
        .selectFrom(CHAT_TABLES.messages)
        .select(['chat_id', 'user_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (taken && (taken.chat_id !== body.chat_id || taken.user_id !== caller.userId))
        throw new ValidationError('Данные заполнены неверно', { id: ['Этот идентификатор уже занят'] });
      await runChatCommand(
        services,
        body.chat_id,
        {
          type: 'Post',
          message: {
            id,
            chat_id: body.chat_id,
            user_id: caller.userId,
            recipient_id: body.recipient_id,
            parent_id: body.parent_id,
            media_id: body.media_id,
            action: 'message',
            message,
            is_service: false,
            created_at: services.clock().toISOString(),
          },
          // A personal message's reader without a socket is told by a notification (docs/chat.md).
          offline: (body.recipient_id !== null
            ? [body.recipient_id]
            : chat.type === 'personal'
              ? listOf(chat.participants).filter((u) => u !== caller.userId)
              : []
          ).filter((u) => !isOnline(services, u)),
        },
        caller,
      );
      const row = await db
        .selectFrom(CHAT_TABLES.messages)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.chat_id !== body.chat_id || row.user_id !== caller.userId)
        throw new ValidationError('Данные заполнены неверно', { id: ['Этот идентификатор уже занят'] });
      return reply.code(201).send({ entity: await oneWithPeople(row) });
    },
  );

  api.put(
    '/api/chat-messages/:id',
    {
      schema: { tags, params: idParams, body: editBody, response: { 200: entityAnswer(chatMessageRecord) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await messageOf(caller, request.params.id);
      if (!request.body.message.trim())
        throw new ValidationError('Данные заполнены неверно', { message: ['Введите сообщение'] });
      const at = services.clock().toISOString();
      await runChatCommand(
        services,
        row.chat_id,
        { type: 'Edit', messageId: request.params.id, by: caller.userId, text: request.body.message, at },
        caller,
      );
      return { entity: await oneWithPeople(await messageOf(caller, request.params.id)) };
    },
  );

  api.delete(
    '/api/chat-messages/:id',
    { schema: { tags, params: idParams, response: { 204: noContentAnswer } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await messageOf(caller, request.params.id);
      const at = services.clock().toISOString();
      await runChatCommand(
        services,
        row.chat_id,
        { type: 'Delete', messageId: request.params.id, by: caller.userId, at },
        caller,
      );
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/chats/:id/read.json',
    { schema: { tags, params: idParams, body: readBody, response: { 200: entityAnswer(chatRecord) } } },
    async (request) => {
      const caller = callerOf(request);
      await visibleChat(services, caller, request.params.id);
      const at = services.clock().toISOString();
      await runChatCommand(
        services,
        request.params.id,
        { type: 'Read', userId: caller.userId, messageId: request.body.message_id, at },
        caller,
      );
      const row = await visibleChat(services, caller, request.params.id);
      return { entity: await chatEntity(services, row, caller.userId, { participants: false }) };
    },
  );

  api.post(
    '/api/chats/:id/mute.json',
    { schema: { tags, params: idParams, body: muteBody, response: { 200: entityAnswer(chatRecord) } } },
    async (request) => {
      const caller = callerOf(request);
      await visibleChat(services, caller, request.params.id);
      const at = services.clock().toISOString();
      const { user_id: userId, muted } = request.body;
      await runChatCommand(
        services,
        request.params.id,
        { type: 'Mute', userId, muted, by: caller.userId, at },
        caller,
      );
      const row = await visibleChat(services, caller, request.params.id);
      return { entity: await chatEntity(services, row, caller.userId, { participants: true }) };
    },
  );

  await subjectChatRoutes(app, services);

  async function withPeople(rows: ChatMessageRow[]) {
    const people = await peopleOf(services, [...new Set(rows.map((r) => r.user_id))]);
    const media = await mediaOf(services, [
      ...new Set(rows.flatMap((r) => (typeof r.media_id === 'string' ? [r.media_id] : []))),
    ]);
    return rows.map((r) => messageEntity(r, people, media));
  }

  async function oneWithPeople(row: ChatMessageRow) {
    const [entity] = await withPeople([row]);
    return entity!;
  }

  /** A message the caller may see, in a chat they are in (404 otherwise). */
  async function messageOf(caller: Caller, id: string): Promise<ChatMessageRow> {
    const row = await db.selectFrom(CHAT_TABLES.messages).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('Сообщение не найдено');
    await visibleChat(services, caller, row.chat_id);
    const mine =
      row.recipient_id === null || row.recipient_id === caller.userId || row.user_id === caller.userId;
    if (!mine) throw new NotFoundError('Сообщение не найдено');
    return row;
  }

  /** An attachment must be a media item the caller may read in the media library (422 otherwise). */
  async function checkMedia(caller: Caller, mediaId: string): Promise<void> {
    const row = await db
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', mediaId)
      .executeTakeFirst()
      .catch(() => undefined);
    if (!row || !mayReadMedia(caller, row))
      throw new ValidationError('Данные заполнены неверно', { media_id: ['Файл не найден'] });
  }
}

function pageOf(data: Record<string, unknown>[], total: number, page: number, limit: number) {
  return {
    entities: {
      data,
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / limit)),
      total,
      per_page: limit,
    },
  };
}
