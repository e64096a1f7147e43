import {
  categoryOf,
  idOf,
  isEvent,
  mediaContract,
  unhandledEvent,
  type ContractEvent,
  type EventOf,
  type StoredEvent,
} from '@sabaq/events';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx, type TablesTx } from '../../../platform/read-models/database';
import { jobId } from '../ids';
import { TABLES, type MediaTables } from './tables';

export const MEDIA_PROJECTION = 'media.records';
/** The folder value of items at the root of a library. */
export const ROOT = 'root';

const HANDLES = mediaContract.events.map((e) => e.type);
type MediaEvent = ContractEvent<typeof mediaContract>;

type Tx = TablesTx<MediaTables>;
/** The tables with the record API's common columns, which `insert` and `update` below write. */
type RecordTable = typeof TABLES.sessions | typeof TABLES.records | typeof TABLES.items;
/** A new row without what `insert` adds itself (the stream position, deleted and the times). */
type NewRow<T extends RecordTable> = Omit<
  Insertable<MediaTables[T]>,
  'version' | 'deleted' | 'created_at' | 'updated_at'
>;
type Changes<T extends RecordTable> = Updateable<MediaTables[T]>;
/**
 * Why untyped: `insert` and `update` take their table at run time, and Kysely cannot check values
 * against a table name that is a type parameter; their signatures check the values against the table.
 */
const anyTable = (tx: Tx) => tx as unknown as ReadModelTx;
const occurredAt = (event: StoredEvent) => {
  const at = typeof event.metadata.occurredAt === 'string' ? new Date(event.metadata.occurredAt) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : event.recordedAt;
};
const schoolOf = (event: StoredEvent) =>
  typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null;
const authorOf = (event: StoredEvent) =>
  typeof event.metadata.userId === 'string' ? event.metadata.userId : null;

/**
 * Sessions, their chunks and records, media items and the transcoding jobs, from the media events.
 * Every row write is guarded by the stream position (`version`), so a replayed batch changes nothing;
 * records and jobs take their school and owner from their session or item, never from the worker.
 */
export const mediaProjection: Projection = {
  name: MEDIA_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(untyped, events) {
    const tx = txWithTables<MediaTables>(untyped);
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    for (const table of [
      TABLES.sessions,
      TABLES.chunks,
      TABLES.records,
      TABLES.items,
      TABLES.jobs,
      TABLES.retention,
    ]) {
      await tx.deleteFrom(table).execute();
    }
  },
};

/** The table of the stream's target: a session or a media item. */
const targetTable = (event: StoredEvent) =>
  categoryOf(event.streamId) === 'webinar_session' ? TABLES.sessions : TABLES.items;

async function insert<T extends RecordTable>(
  tx: Tx,
  table: T,
  values: NewRow<T>,
  event: StoredEvent,
): Promise<void> {
  const at = occurredAt(event);
  const name: string = table;
  await anyTable(tx)
    .insertInto(name)
    .values({
      ...values,
      version: event.streamPosition,
      deleted: false,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Changes a row when this event is newer than the one it shows. */
async function update<T extends RecordTable>(
  tx: Tx,
  table: T,
  id: string,
  values: Changes<T>,
  event: StoredEvent,
) {
  const name: string = table;
  await anyTable(tx)
    .updateTable(name)
    .set({ ...values, version: event.streamPosition, updated_at: occurredAt(event) })
    .where('id', '=', id)
    .where('version', '<', event.streamPosition)
    .execute();
}

async function applyOne(tx: Tx, event: MediaEvent): Promise<void> {
  if (event.type === 'RecordingRetentionSet') return setRetention(tx, event);
  const id = event.data.id;
  switch (event.type) {
    case 'WebinarSessionStarted':
      return insert(
        tx,
        TABLES.sessions,
        {
          id,
          school_id: schoolOf(event),
          owner_id: String(event.data.user_id),
          user_id: String(event.data.user_id),
          webinar_id: event.data.webinar_id,
          session_id: event.data.session_id,
          assignment_id: event.data.assignment_id,
          assignment_attempt_id: event.data.assignment_attempt_id,
          session_type: event.data.session_type,
          session_kind: event.data.session_kind,
          is_should_analyze: event.data.is_should_analyze,
          use_modules: JSON.stringify(event.data.use_modules),
          status: 'started',
        },
        event,
      );
    case 'WebinarSessionDeleted':
      return update(tx, TABLES.sessions, id, { deleted: true }, event);
    case 'RecordingChunkStored':
      await tx
        .insertInto(TABLES.chunks)
        .values({
          session_id: id,
          name: event.data.name,
          sha256: event.data.sha256,
          size: event.data.size,
          key: event.data.key,
          version: event.streamPosition,
        })
        .onConflict((oc) =>
          oc
            .columns(['session_id', 'name'])
            .doUpdateSet({
              sha256: event.data.sha256,
              size: event.data.size,
              key: event.data.key,
              version: event.streamPosition,
            })
            .where(sql.ref(`${TABLES.chunks}.version`), '<', event.streamPosition),
        )
        .execute();
      return update(tx, TABLES.sessions, id, {}, event);
    case 'RecordingManifestReceived':
      return update(
        tx,
        TABLES.sessions,
        id,
        { status: 'finished', manifest_duration: event.data.duration },
        event,
      );
    case 'RecordingErased':
      await update(tx, TABLES.sessions, id, { is_erased: true, playlist_key: null, thumb_key: null }, event);
      await tx
        .updateTable(TABLES.records)
        .set({ status: 'erased', playlist_key: null, thumb_key: null, updated_at: occurredAt(event) })
        .where('webinar_session_id', '=', id)
        .execute();
      await tx.deleteFrom(TABLES.chunks).where('session_id', '=', id).execute();
      return;
    case 'TranscodeRequested':
      return transcodeRequested(tx, event, id, Number(event.data.attempt));
    case 'TranscodeProgressed':
      return update(tx, targetTable(event), id, { progress: Math.floor(Number(event.data.percent)) }, event);
    case 'TranscodeSucceeded':
    case 'TranscodeFailed':
      return transcodeEnded(tx, event, id, Number(event.data.attempt));
    case 'MediaCreated':
      return insert(
        tx,
        TABLES.items,
        {
          id,
          school_id: schoolOf(event),
          owner_id: authorOf(event),
          parent_id: event.data.parent_id,
          folder: event.data.parent_id ?? ROOT,
          name: event.data.name,
          description: event.data.description,
          type: event.data.type,
          file_name: event.data.file_name,
          file_size: event.data.file_size,
          mime_type: event.data.mime_type,
          key: event.data.key,
          status:
            event.data.type === 'folder' ? 'undefined' : event.data.type === 'video' ? 'in_process' : 'ready',
        },
        event,
      );
    case 'MediaUpdated': {
      const changes: Changes<typeof TABLES.items> = { ...event.data.changes };
      if ('parent_id' in changes) changes.folder = changes.parent_id ?? ROOT;
      return update(tx, TABLES.items, id, changes, event);
    }
    case 'MediaDeleted':
      return update(tx, TABLES.items, id, { deleted: true }, event);
    case 'MediaShared':
      return update(tx, TABLES.items, id, { share_token: event.data.token }, event);
    default:
      return unhandledEvent(event);
  }
}

/** A school's retention of recordings: one row per school, moved only forward. */
async function setRetention(tx: Tx, event: EventOf<'RecordingRetentionSet'>): Promise<void> {
  const row = {
    school_id: String(event.data.school_id),
    days: event.data.days,
    version: event.streamPosition,
  };
  await tx
    .insertInto(TABLES.retention)
    .values(row)
    .onConflict((oc) =>
      oc
        .column('school_id')
        .doUpdateSet({ days: row.days, version: row.version })
        .where(sql.ref(`${TABLES.retention}.version`), '<', row.version),
    )
    .execute();
  return;
}

/** Whose the conversion's target is: a session (with its assignment) or a media item. */
async function targetOf(tx: Tx, table: RecordTable, id: string) {
  return table === TABLES.sessions
    ? tx
        .selectFrom(TABLES.sessions)
        .select(['school_id', 'owner_id', 'assignment_id'])
        .where('id', '=', id)
        .executeTakeFirst()
    : tx
        .selectFrom(TABLES.items)
        .select(['school_id', 'owner_id', sql<null>`null`.as('assignment_id')])
        .where('id', '=', id)
        .executeTakeFirst();
}

async function transcodeRequested(tx: Tx, event: StoredEvent, id: string, attempt: number) {
  const table = targetTable(event);
  const target = await targetOf(tx, table, id);
  const job = jobId(event.streamId, attempt);
  const converting = { attempt, progress: 0, failure_reason: null };
  await tx
    .insertInto(TABLES.jobs)
    .values({
      id: job,
      stream_id: event.streamId,
      attempt,
      status: 'pending',
      school_id: target?.school_id ?? null,
      requested_at: occurredAt(event),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (table === TABLES.sessions) {
    await insert(
      tx,
      TABLES.records,
      {
        id: job,
        school_id: target?.school_id ?? null,
        owner_id: target?.owner_id ?? null,
        webinar_session_id: idOf(event.streamId),
        assignment_id: target?.assignment_id ?? null,
        attempt,
        type: 'hls',
        status: 'in_process',
      },
      event,
    );
    await update(tx, table, id, { ...converting, state: null }, event);
  } else {
    await update(tx, table, id, { ...converting, status: 'in_process' }, event);
  }
}

async function transcodeEnded(
  tx: Tx,
  event: EventOf<'TranscodeSucceeded' | 'TranscodeFailed'>,
  id: string,
  attempt: number,
) {
  const ok = event.type === 'TranscodeSucceeded';
  const job = jobId(event.streamId, attempt);
  await tx
    .updateTable(TABLES.jobs)
    .set({ status: ok ? 'done' : 'failed' })
    .where('id', '=', job)
    .execute();
  const result: Changes<typeof TABLES.sessions | typeof TABLES.items> =
    event.type === 'TranscodeSucceeded'
      ? {
          playlist_key: event.data.playlist_key,
          thumb_key: event.data.thumb_key,
          duration: event.data.duration,
          size: event.data.size,
          failure_reason: null,
          progress: 100,
        }
      : { failure_reason: event.data.reason };
  const table = targetTable(event);
  if (table === TABLES.sessions) {
    await update(
      tx,
      TABLES.records,
      job,
      {
        ...result,
        status: ok ? 'ready' : 'failure',
        ...(event.type === 'TranscodeSucceeded' ? { renditions: JSON.stringify(event.data.renditions) } : {}),
      },
      event,
    );
  }
  // Only the last conversion asked for decides the target's state (a late older result changes nothing).
  const current = await tx.selectFrom(table).select('attempt').where('id', '=', id).executeTakeFirst();
  if (current?.attempt !== attempt) return;
  if (table === TABLES.sessions)
    await update(tx, table, id, { ...result, state: ok ? 'converted' : 'failure' }, event);
  else await update(tx, table, id, { ...result, status: ok ? 'ready' : 'failure' }, event);
}
