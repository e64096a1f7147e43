import { categoryOf, idOf, mediaContract, type StoredEvent } from '@sabaq/events';
import { sql } from 'kysely';
import type { Row } from '../../../platform/http/records/collection';
import type { Projection } from '../../../platform/projections/projection';
import type { ReadModelTx } from '../../../platform/read-models/database';
import { jobId } from '../ids';
import { JSON_COLUMNS, TABLES } from './tables';

export const MEDIA_PROJECTION = 'media.records';
/** The folder value of items at the root of a library. */
export const ROOT = 'root';

type Data = Record<string, unknown>;

const json = (values: Row): Row =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      JSON_COLUMNS.has(k) && v !== undefined ? JSON.stringify(v) : v,
    ]),
  );
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
  handles: mediaContract.events.map((e) => e.type),
  async apply(tx, events) {
    for (const event of events) await applyOne(tx, event);
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

async function insert(tx: ReadModelTx, table: string, values: Row, event: StoredEvent): Promise<void> {
  const at = occurredAt(event);
  await tx
    .insertInto(table)
    .values({
      ...json(values),
      version: event.streamPosition,
      deleted: false,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Changes a row when this event is newer than the one it shows. */
async function update(tx: ReadModelTx, table: string, id: string, values: Row, event: StoredEvent) {
  await tx
    .updateTable(table)
    .set({ ...json(values), version: event.streamPosition, updated_at: occurredAt(event) })
    .where('id', '=', id)
    .where('version', '<', event.streamPosition)
    .execute();
}

async function applyOne(tx: ReadModelTx, event: StoredEvent): Promise<void> {
  const data = event.data as Data;
  const id = String(data.id);
  switch (event.type) {
    case 'WebinarSessionStarted':
      return insert(
        tx,
        TABLES.sessions,
        {
          id,
          school_id: schoolOf(event),
          owner_id: String(data.user_id),
          user_id: String(data.user_id),
          webinar_id: data.webinar_id,
          session_id: data.session_id,
          assignment_id: data.assignment_id,
          assignment_attempt_id: data.assignment_attempt_id,
          session_type: data.session_type,
          session_kind: data.session_kind,
          is_should_analyze: data.is_should_analyze,
          use_modules: data.use_modules,
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
          name: data.name,
          sha256: data.sha256,
          size: data.size,
          key: data.key,
          version: event.streamPosition,
        })
        .onConflict((oc) =>
          oc
            .columns(['session_id', 'name'])
            .doUpdateSet({
              sha256: data.sha256 as string,
              size: data.size as number,
              key: data.key as string,
              version: event.streamPosition,
            })
            .where(sql.ref(`${TABLES.chunks}.version`), '<', event.streamPosition),
        )
        .execute();
      return update(tx, TABLES.sessions, id, {}, event);
    case 'RecordingManifestReceived':
      return update(tx, TABLES.sessions, id, { status: 'finished', manifest_duration: data.duration }, event);
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
      return transcodeRequested(tx, event, id, Number(data.attempt));
    case 'TranscodeProgressed':
      return update(tx, targetTable(event), id, { progress: Math.floor(Number(data.percent)) }, event);
    case 'TranscodeSucceeded':
    case 'TranscodeFailed':
      return transcodeEnded(tx, event, id, Number(data.attempt));
    case 'MediaCreated':
      return insert(
        tx,
        TABLES.items,
        {
          id,
          school_id: schoolOf(event),
          owner_id: authorOf(event),
          parent_id: data.parent_id,
          folder: data.parent_id ?? ROOT,
          name: data.name,
          description: data.description,
          type: data.type,
          file_name: data.file_name,
          file_size: data.file_size,
          mime_type: data.mime_type,
          key: data.key,
          status: data.type === 'folder' ? 'undefined' : data.type === 'video' ? 'in_process' : 'ready',
        },
        event,
      );
    case 'MediaUpdated': {
      const changes = { ...(data.changes as Row) };
      if ('parent_id' in changes) changes.folder = changes.parent_id ?? ROOT;
      return update(tx, TABLES.items, id, changes, event);
    }
    case 'RecordingRetentionSet': {
      const row = {
        school_id: String(data.school_id),
        days: data.days as number | null,
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
    case 'MediaDeleted':
      return update(tx, TABLES.items, id, { deleted: true }, event);
    case 'MediaShared':
      return update(tx, TABLES.items, id, { share_token: data.token }, event);
    default:
      return;
  }
}

async function transcodeRequested(tx: ReadModelTx, event: StoredEvent, id: string, attempt: number) {
  const table = targetTable(event);
  const target = (await tx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
    Row | undefined;
  const job = jobId(event.streamId, attempt);
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
  const values: Row = { attempt, progress: 0, failure_reason: null };
  if (table === TABLES.sessions) {
    values.state = null;
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
  } else {
    values.status = 'in_process';
  }
  await update(tx, table, id, values, event);
}

async function transcodeEnded(tx: ReadModelTx, event: StoredEvent, id: string, attempt: number) {
  const data = event.data as Data;
  const ok = event.type === 'TranscodeSucceeded';
  const job = jobId(event.streamId, attempt);
  await tx
    .updateTable(TABLES.jobs)
    .set({ status: ok ? 'done' : 'failed' })
    .where('id', '=', job)
    .execute();
  const result: Row = ok
    ? {
        playlist_key: data.playlist_key,
        thumb_key: data.thumb_key,
        duration: data.duration,
        size: data.size,
        failure_reason: null,
        progress: 100,
      }
    : { failure_reason: data.reason };
  const table = targetTable(event);
  if (table === TABLES.sessions) {
    await update(
      tx,
      TABLES.records,
      job,
      { ...result, status: ok ? 'ready' : 'failure', ...(ok ? { renditions: data.renditions } : {}) },
      event,
    );
  }
  // Only the last conversion asked for decides the target's state (a late older result changes nothing).
  const current = await tx.selectFrom(table).select('attempt').where('id', '=', id).executeTakeFirst();
  if (current?.attempt !== attempt) return;
  const state =
    table === TABLES.sessions
      ? { state: ok ? 'converted' : 'failure' }
      : { status: ok ? 'ready' : 'failure' };
  await update(tx, table, id, { ...result, ...state }, event);
}
