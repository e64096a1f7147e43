import { isEvent, unhandledEvent, type EventOf } from '@sabaq/events';
import { sql, type Updateable } from 'kysely';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { TASKS_PROJECTION, TASKS_TABLE, type TasksTables } from './tables';

const HANDLES = [
  'TaskCreated',
  'TaskStarted',
  'TaskProgressed',
  'TaskSuspended',
  'TaskResumed',
  'TaskAborted',
  'TaskCompleted',
  'TaskFailed',
] as const;

/** Tasks from their streams; each write is guarded by the stream position, so replays change nothing. */
export const tasksProjection: Projection = {
  name: TASKS_PROJECTION,
  version: 1,
  handles: HANDLES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...HANDLES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(TASKS_TABLE).execute();
  },
};

async function applyOne(untyped: ReadModelTx, event: EventOf<(typeof HANDLES)[number]>): Promise<void> {
  const tx = txWithTables<TasksTables>(untyped);
  const position = event.streamPosition;
  if (event.type === 'TaskCreated') {
    const d = event.data;
    const values = {
      id: d.id,
      school_id: d.school_id,
      owner_id: d.owner_id,
      version: position,
      created_at: new Date(d.created_at),
      updated_at: new Date(d.created_at),
      kind: d.kind,
      name: d.name,
      description: d.description,
      status: 'new',
      processed: 0,
      total: 0,
      appendix: null,
      params: JSON.stringify(d.params),
      file: null,
      error: null,
    };
    await tx
      .insertInto(TASKS_TABLE)
      .values(values)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(values)
          .where(sql<boolean>`${sql.ref(`${TASKS_TABLE}.version`)} < ${position}`),
      )
      .execute();
    return;
  }
  const changes = changesOf(event);
  await tx
    .updateTable(TASKS_TABLE)
    .set({ ...changes, version: position, updated_at: new Date(event.data.at) })
    .where('id', '=', event.data.id)
    .where('version', '<', position)
    .execute();
}

function changesOf(
  event: Exclude<EventOf<(typeof HANDLES)[number]>, { type: 'TaskCreated' }>,
): Updateable<TasksTables['tasks_tasks']> {
  switch (event.type) {
    case 'TaskStarted': {
      const d = event.data;
      return { status: 'process', processed: 0, total: d.total, appendix: null };
    }
    case 'TaskProgressed': {
      const d = event.data;
      return { processed: d.processed, total: d.total, appendix: d.appendix };
    }
    case 'TaskSuspended':
      return { status: 'suspended' };
    case 'TaskResumed':
      return { status: 'new' };
    case 'TaskAborted':
      return { status: 'failure', error: 'Задача прервана' };
    case 'TaskCompleted': {
      const d = event.data;
      return { status: 'completed', processed: d.processed, file: JSON.stringify(d.file), appendix: null };
    }
    case 'TaskFailed': {
      const d = event.data;
      return { status: 'failure', error: d.error };
    }
    default:
      return unhandledEvent(event);
  }
}
