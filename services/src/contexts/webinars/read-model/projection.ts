import { isEvent, unhandledEvent, type EventOf } from '@sabaq/events';
import type { Projection } from '../../../platform/projections/projection';
import type { Updateable } from 'kysely';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { WEBINARS_PROJECTION, WEBINARS_TABLE, type WebinarsTables } from './tables';

const HANDLES = ['WebinarCreated', 'WebinarUpdated', 'WebinarEnded', 'WebinarDeleted'] as const;

/** Webinars from their streams; every write is guarded by the stream position, so replays change nothing. */
export const webinarsProjection: Projection = {
  name: WEBINARS_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(WEBINARS_TABLE).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<WebinarsTables>(untyped);
  const position = event.streamPosition;
  if (event.type === 'WebinarCreated') {
    const d = event.data;
    await tx
      .insertInto(WEBINARS_TABLE)
      .values({
        id: d.id,
        school_id: d.school_id,
        owner_id: d.owner_id,
        version: position,
        created_at: new Date(d.created_at),
        updated_at: new Date(d.created_at),
        name: d.name,
        description: d.description,
        class_id: d.class_id,
        assignment_id: d.assignment_id,
        webinar_server_id: d.webinar_server_id,
        chat_id: d.chat_id,
        type: d.type,
        status: 'scheduled',
        participants: JSON.stringify(d.participants),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return;
  }
  const changes = changesOf(event);
  await tx
    .updateTable(WEBINARS_TABLE)
    .set({ ...changes, version: position, updated_at: new Date(event.data.at) })
    .where('id', '=', event.data.id)
    .where('version', '<', position)
    .execute();
}

function changesOf(
  event: EventOf<'WebinarUpdated' | 'WebinarEnded' | 'WebinarDeleted'>,
): Updateable<WebinarsTables['webinars_webinars']> {
  switch (event.type) {
    case 'WebinarUpdated': {
      const { changes } = event.data;
      const { participants, ...rest } = changes;
      return { ...rest, ...(participants ? { participants: JSON.stringify(participants) } : {}) };
    }
    case 'WebinarEnded':
      return { status: 'finished', ended_at: new Date(event.data.at) };
    case 'WebinarDeleted':
      return { deleted: true };
    default:
      return unhandledEvent(event);
  }
}
