import { TaskDto, type Push, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { RealtimeContribution } from '../../platform/realtime/contribution';
import { taskEntity } from './read-model/entities';
import { loadTask, taskStream } from './task-commands';

const PROGRESS = ['TaskStarted', 'TaskProgressed', 'TaskResumed'];
const FINISHED = ['TaskCompleted', 'TaskFailed', 'TaskSuspended', 'TaskAborted'];

/**
 * `task.{id}` is its owner's only. Pushes carry the task as it stood at that event, folded from its
 * stream (the read model may not have it yet): TaskProgressUpdated while it waits or runs,
 * TaskFinished when it completed, failed, was suspended or aborted (001 §4).
 */
export function tasksRealtime(services: Pick<ContextServices, 'store'>): RealtimeContribution {
  return {
    channels: [
      {
        pattern: 'task.{id}',
        async authorize(caller, { id }) {
          const task = await loadTask(services, id!);
          return task.ownerId !== null && task.ownerId === caller.userId;
        },
      },
    ],
    pushes: [
      {
        eventTypes: [...PROGRESS, ...FINISHED],
        async map(event): Promise<Push[]> {
          const id = (event.data as { id: string }).id;
          const history = await services.store.readStream(taskStream(id));
          // Checked against the realtime contract here, so a malformed task is this mapper's error.
          const task = TaskDto.parse(taskEntity(rowAt(history, event.streamPosition)));
          const channel = `task.${id}` as const;
          if (FINISHED.includes(event.type)) return [{ channel, event: 'TaskFinished', data: { task } }];
          return [{ channel, event: 'TaskProgressUpdated', data: { task, appendix: task.appendix } }];
        },
      },
    ],
  };
}

/** The read model's row for the task after the events up to `position`, the projection's rules in short. */
function rowAt(history: readonly StoredEvent[], position: number): Record<string, unknown> {
  const row: Record<string, unknown> = { processed: 0, total: 0, appendix: null, file: null, error: null };
  for (const event of history) {
    if (event.streamPosition > position) break;
    const d = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'TaskCreated':
        Object.assign(row, {
          id: d.id,
          owner_id: d.owner_id,
          kind: d.kind,
          name: d.name,
          description: d.description,
          status: 'new',
          created_at: d.created_at,
        });
        break;
      case 'TaskStarted':
        Object.assign(row, { status: 'process', processed: 0, total: d.total, appendix: null });
        break;
      case 'TaskProgressed':
        Object.assign(row, { processed: d.processed, total: d.total, appendix: d.appendix });
        break;
      case 'TaskSuspended':
        row.status = 'suspended';
        break;
      case 'TaskResumed':
        row.status = 'new';
        break;
      case 'TaskAborted':
        Object.assign(row, { status: 'failure', error: 'Задача прервана' });
        break;
      case 'TaskCompleted':
        Object.assign(row, { status: 'completed', processed: d.processed, file: d.file, appendix: null });
        break;
      case 'TaskFailed':
        Object.assign(row, { status: 'failure', error: d.error });
        break;
    }
    row.updated_at = (d.at as string | undefined) ?? row.created_at;
  }
  return row;
}
