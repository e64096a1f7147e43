import type { StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Projection } from '../../projections/projection';
import type { ReadModelTx } from '../../read-models/database';
import type { CollectionDefinition } from './collection';

/**
 * Projects a collection's Created / Updated / Deleted events into its table. Each write is guarded by
 * the stream position (`version`), so a replay, or a batch applied twice, leaves the row as it was;
 * deletes are tombstones for the same reason.
 */
export function recordProjection(collection: CollectionDefinition, version = 1): Projection {
  const { table, events } = collection;
  return {
    name: collection.projection,
    version,
    handles: [events.created, events.updated, events.deleted],
    async apply(tx, batch) {
      for (const event of batch) await applyOne(tx, collection, event);
    },
    async reset(tx) {
      await tx.deleteFrom(table).execute();
    },
  };
}

async function applyOne(tx: ReadModelTx, collection: CollectionDefinition, event: StoredEvent) {
  const { table, events } = collection;
  const data = event.data as Record<string, unknown>;
  const id = String(data.id);
  const at = occurredAt(event);
  const position = event.streamPosition;
  if (event.type === events.created) {
    const values = {
      ...columnsOf(collection, data),
      id,
      school_id: typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null,
      owner_id: typeof event.metadata.userId === 'string' ? event.metadata.userId : null,
      version: position,
      deleted: false,
      created_at: at,
      updated_at: at,
    };
    await tx
      .insertInto(table)
      .values(values)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(values)
          .where(sql<boolean>`${sql.ref(`${table}.version`)} < ${position}`),
      )
      .execute();
  } else if (event.type === events.updated) {
    const changes = columnsOf(collection, (data.changes ?? {}) as Record<string, unknown>);
    await tx
      .updateTable(table)
      .set({ ...changes, version: position, updated_at: at })
      .where('id', '=', id)
      .where('version', '<', position)
      .execute();
  } else if (event.type === events.deleted) {
    await tx
      .updateTable(table)
      .set({ deleted: true, version: position, updated_at: at })
      .where('id', '=', id)
      .where('version', '<', position)
      .execute();
  }
}

function columnsOf(collection: CollectionDefinition, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(collection.columns)) if (name in data) out[name] = data[name];
  return out;
}

function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}
