import type { StoredEvent } from '@sabaq/events';
import { sql, type Selectable } from 'kysely';
import type { Row } from '../../../platform/http/records/collection';
import type { ReadModelTx } from '../../../platform/read-models/database';
import type { AuthoringTables } from './tables';

/** Columns kept as jsonb: pg would turn a JS array into a PostgreSQL array, so they are sent as JSON text. */
const JSON_COLUMNS = new Set(['settings', 'data', 'temporary_id', 'teachers', 'students', 'products']);

export function columnValues(columns: readonly string[], data: Record<string, unknown>): Row {
  const out: Row = {};
  for (const column of columns) {
    if (!(column in data)) continue;
    const value = data[column];
    out[column] =
      JSON_COLUMNS.has(column) && value !== null && value !== undefined ? JSON.stringify(value) : value;
  }
  return out;
}

export function occurredAt(event: StoredEvent): Date {
  const at = event.metadata.occurredAt;
  const parsed = typeof at === 'string' ? new Date(at) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : event.recordedAt;
}

const metaText = (event: StoredEvent, key: string) =>
  typeof event.metadata[key] === 'string' ? (event.metadata[key] as string) : null;

// The writes below serve every table of the context, their columns picked from the event by the
// projection's column lists, so they stay on the untyped transaction (the typed one needs a literal table).
/**
 * Writes a created record. Guarded by the stream position: the same event applied again, or an older
 * one after a newer, leaves the row as it is.
 */
export async function writeCreated(
  tx: ReadModelTx,
  table: string,
  id: string,
  values: Row,
  event: StoredEvent,
): Promise<void> {
  const at = occurredAt(event);
  const row = {
    ...values,
    id,
    school_id: metaText(event, 'schoolId'),
    owner_id: metaText(event, 'userId'),
    version: event.streamPosition,
    deleted: false,
    created_at: at,
    updated_at: at,
  };
  await tx
    .insertInto(table)
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet(row)
        .where(sql<boolean>`${sql.ref(`${table}.version`)} < ${event.streamPosition}`),
    )
    .execute();
}

export async function writeChanges(
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

/** Deletes are tombstones, so a replayed Created cannot bring a deleted record back. */
export async function writeDeleted(
  tx: ReadModelTx,
  table: string,
  id: string,
  event: StoredEvent,
): Promise<void> {
  await tx
    .updateTable(table)
    .set({ deleted: true, version: event.streamPosition, updated_at: occurredAt(event) })
    .where('id', '=', id)
    .where('version', '<', event.streamPosition)
    .execute();
}

/** A row of one of the tables, typed as its table's (a literal table name gives that table's row). */
export async function rowOf<T extends keyof AuthoringTables>(
  tx: ReadModelTx,
  table: T,
  id: string,
): Promise<Selectable<AuthoringTables[T]> | undefined> {
  if (!id) return undefined;
  // Kysely cannot type a query over a table chosen by a type parameter; the row is that table's.
  return (await tx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
    Selectable<AuthoringTables[T]> | undefined;
}
