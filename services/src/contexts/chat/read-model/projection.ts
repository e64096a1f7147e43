import { type EventOf, isEvent, unhandledEvent } from '@sabaq/events';
import { sql, type UpdateObject } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx, type TablesTx } from '../../../platform/read-models/database';
import { CHAT_PROJECTION, CHAT_TABLES, type ChatTables } from './tables';

const T = CHAT_TABLES;

const HANDLES = [
  'ChatCreated',
  'ChatPeopleSet',
  'ChatClosed',
  'ChatMessagePosted',
  'ChatMessageEdited',
  'ChatMessageDeleted',
  'ChatParticipantMuted',
  'ChatRead',
] as const;

/**
 * Chats and messages from their streams. A chat row moves only forward (`version` < the event's stream
 * position); messages are keyed by id and their `seq` is the stream position, so a replay changes nothing.
 */
export const chatProjection: Projection = {
  name: CHAT_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(T.reads).execute();
    await tx.deleteFrom(T.messages).execute();
    await tx.deleteFrom(T.chats).execute();
  },
};

type Tx = TablesTx<ChatTables>;

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx: Tx = txWithTables<ChatTables>(untyped);
  const seq = event.streamPosition;
  switch (event.type) {
    case 'ChatCreated': {
      const d = event.data;
      await tx
        .insertInto(T.chats)
        .values({
          id: d.id,
          school_id: d.school_id,
          owner_id: d.owner_id,
          version: seq,
          type: d.type,
          subject: d.subject,
          class_id: d.class_id,
          assignment_id: d.assignment_id,
          name: d.name,
          participants: JSON.stringify(d.participants),
          moderators: JSON.stringify(d.moderators),
          created_at: new Date(d.created_at),
          updated_at: new Date(d.created_at),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    case 'ChatPeopleSet': {
      const d = event.data;
      await updateChat(tx, d.id, seq, {
        name: d.name,
        participants: JSON.stringify(d.participants),
        moderators: JSON.stringify(d.moderators),
        closed: false,
        updated_at: new Date(d.at),
      });
      return;
    }
    case 'ChatClosed': {
      const d = event.data;
      await updateChat(tx, d.id, seq, { closed: true, updated_at: new Date(d.at) });
      return;
    }
    case 'ChatMessagePosted': {
      const d = event.data;
      await tx
        .insertInto(T.messages)
        .values({
          id: d.id,
          chat_id: d.chat_id,
          seq,
          user_id: d.user_id,
          recipient_id: d.recipient_id,
          parent_id: d.parent_id,
          media_id: d.media_id,
          action: d.action,
          message: d.message,
          is_service: d.is_service,
          created_at: new Date(d.created_at),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      // Personal lines inside a group are not the group's "last message" for everyone, nor are
      // service lines ("joined"), which would crowd the group list's preview.
      if (d.recipient_id === null && !d.is_service)
        await updateChat(tx, d.chat_id, seq, {
          last_message_id: d.id,
          last_message_at: new Date(d.created_at),
        });
      return;
    }
    case 'ChatMessageEdited': {
      const d = event.data;
      await tx
        .updateTable(T.messages)
        .set({ message: d.message, edited_at: new Date(d.at) })
        .where('id', '=', d.id)
        .execute();
      return;
    }
    case 'ChatMessageDeleted': {
      const d = event.data;
      await tx.updateTable(T.messages).set({ deleted: true }).where('id', '=', d.id).execute();
      return;
    }
    case 'ChatParticipantMuted': {
      const d = event.data;
      const without = sql<string>`(${sql.ref('muted')} - ${d.user_id}::text)`;
      await updateChat(tx, d.chat_id, seq, {
        muted: d.muted ? sql<string>`${without} || jsonb_build_array(${d.user_id}::text)` : without,
      });
      return;
    }
    case 'ChatRead': {
      const d = event.data;
      const read = await tx
        .selectFrom(T.messages)
        .select('seq')
        .where('id', '=', d.message_id)
        .executeTakeFirst();
      if (!read) return;
      await tx
        .insertInto(T.reads)
        .values({ chat_id: d.chat_id, user_id: d.user_id, seq: read.seq })
        .onConflict((oc) =>
          oc
            .columns(['chat_id', 'user_id'])
            .doUpdateSet({ seq: sql<number>`greatest(${sql.ref(`${T.reads}.seq`)}, excluded.seq)` }),
        )
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

async function updateChat(
  tx: Tx,
  id: string,
  seq: number,
  set: UpdateObject<ChatTables, typeof CHAT_TABLES.chats>,
) {
  await tx
    .updateTable(T.chats)
    .set({ ...set, version: seq })
    .where('id', '=', id)
    .where('version', '<', seq)
    .execute();
}
