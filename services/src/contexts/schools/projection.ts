import { type EventOf, isEvent, type StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../platform/read-models/database';
import { profileOf } from './school-profile-decider';
import { SCHOOLS_PROJECTION, SCHOOLS_TABLE, type SchoolsTables } from './table';

const HANDLES = ['SchoolRegistered', 'SchoolProfileUpdated'] as const;

/**
 * Identity's registrations and this context's edits into the schools table. Every write is guarded by
 * the stream position, so replaying the log, or a batch twice, leaves each row as it was.
 */
export const schoolsProjection: Projection = {
  name: SCHOOLS_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(SCHOOLS_TABLE).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<SchoolsTables>(untyped);
  const position = event.streamPosition;
  const at = occurredAt(event);
  if (event.type === 'SchoolRegistered') {
    const d = event.data;
    const values = {
      ...profileOf(d),
      id: d.schoolId,
      school_id: d.schoolId,
      owner_id: typeof event.metadata.userId === 'string' ? event.metadata.userId : null,
      version: position,
      created_at: at,
      updated_at: at,
    };
    await tx
      .insertInto(SCHOOLS_TABLE)
      .values(values)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(values)
          .where(sql<boolean>`${sql.ref(`${SCHOOLS_TABLE}.version`)} < ${position}`),
      )
      .execute();
    return;
  }
  if (event.type === 'SchoolProfileUpdated') {
    const d = event.data;
    await tx
      .updateTable(SCHOOLS_TABLE)
      .set({ ...d.changes, version: position, updated_at: at })
      .where('id', '=', d.schoolId)
      .where('version', '<', position)
      .execute();
  }
}

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}
