import type { StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Row } from '../../../platform/http/records/collection';
import type { ReadModelTx } from '../../../platform/read-models/database';
import { JSON_COLUMNS } from './tables';

/** Values for the given columns, jsonb columns as JSON text (pg would make JS arrays PostgreSQL arrays). */
export function columnValues(columns: readonly string[], data: Record<string, unknown>): Row {
  const out: Row = {};
  for (const column of columns) {
    if (!(column in data)) continue;
    const value = data[column];
    out[column] = JSON_COLUMNS.has(column) && value !== undefined ? JSON.stringify(value) : value;
  }
  return out;
}

export function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}

export const schoolOf = (event: StoredEvent) =>
  typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null;
export const authorOf = (event: StoredEvent) =>
  typeof event.metadata.userId === 'string' ? event.metadata.userId : null;

const newer = (table: string, event: StoredEvent) =>
  sql<boolean>`${sql.ref(`${table}.version`)} < ${event.streamPosition}`;

// The writes below serve every table of the context, their columns picked from the event by the
// projection's column lists, so they stay on the untyped transaction (the typed one needs a literal table).
/**
 * Creates the row, or replaces it when this event is newer than the one it shows. Guarded by the
 * stream position, so the same event applied again (a replay) leaves the row as it is.
 */
export async function upsertRow(
  tx: ReadModelTx,
  table: string,
  id: string,
  values: Row,
  event: StoredEvent,
  ownerId: string | null,
): Promise<void> {
  const at = occurredAt(event);
  const row = {
    ...values,
    id,
    school_id: schoolOf(event),
    owner_id: ownerId,
    version: event.streamPosition,
    deleted: false,
    updated_at: at,
  };
  await tx
    .insertInto(table)
    .values({ ...row, created_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet(row).where(newer(table, event)))
    .execute();
}

/** Changes an existing row, when this event is newer than the one it shows. */
export async function updateRow(
  tx: ReadModelTx,
  table: string,
  id: string,
  values: Row,
  event: StoredEvent,
): Promise<void> {
  await tx
    .updateTable(table)
    .set({ ...values, version: event.streamPosition, updated_at: occurredAt(event) })
    .where('id', '=', id)
    .where('version', '<', event.streamPosition)
    .execute();
}
