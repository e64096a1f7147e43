import { type EventOf, isEvent, type StoredEvent, unhandledEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { PEOPLE_TABLE, type PeopleTables } from './table';

const HANDLES = ['UserRegistered', 'PersonProfileUpdated', 'UserProfileEdited', 'PersonDeactivated'] as const;

export const PEOPLE_PROJECTION = 'people.directory';

/**
 * Every write is guarded by the event's global position, so applying any event a second time (a
 * replay, a batch retried after a crash) leaves the row as it was.
 */
export const peopleProjection: Projection = {
  name: PEOPLE_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(PEOPLE_TABLE).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<PeopleTables>(untyped);
  const position = event.globalPosition.toString();
  const at = occurredAt(event);
  const newer = sql<boolean>`${sql.ref(`${PEOPLE_TABLE}.position`)} < ${position}`;
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      const row = {
        school_id: d.schoolIds[0]!,
        owner_id: d.userId,
        position,
        deleted: false,
        created_at: at,
        updated_at: at,
        group: d.group,
        username: d.username,
        firstname: d.firstname,
        lastname: d.lastname,
        patronymic: d.patronymic,
        email: d.email,
        phone: d.phone,
        color: d.color,
        photo: d.photo,
        register_date: new Date(d.registeredAt),
      };
      await tx
        .insertInto(PEOPLE_TABLE)
        .values({ id: d.userId, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row).where(newer))
        .execute();
      return;
    }
    case 'PersonProfileUpdated': {
      const d = event.data;
      await tx
        .updateTable(PEOPLE_TABLE)
        .set({ ...d.changes, position, updated_at: at })
        .where('id', '=', d.userId)
        .where(newer)
        .execute();
      return;
    }
    case 'UserProfileEdited': {
      // A user's edit of their own profile (identity's PUT /api/user/profile): the same row, by position.
      const d = event.data;
      await tx
        .updateTable(PEOPLE_TABLE)
        .set({ ...d.changes, position, updated_at: at })
        .where('id', '=', d.userId)
        .where(newer)
        .execute();
      return;
    }
    case 'PersonDeactivated': {
      const d = event.data;
      await tx
        .updateTable(PEOPLE_TABLE)
        .set({ deleted: true, deactivated_at: new Date(d.deactivatedAt), position, updated_at: at })
        .where('id', '=', d.userId)
        .where(newer)
        .execute();
      return;
    }
    default:
      return unhandledEvent(event);
  }
}

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}
