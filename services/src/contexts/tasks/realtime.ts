import { isEvent, TaskDto, tasksContract, unhandledEvent, type Push, type StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { taskEntity } from './read-model/entities';
import { loadTask, taskStream } from './task-commands';

const PROGRESS = ['TaskStarted', 'TaskProgressed', 'TaskResumed'] as const;
const FINISHED = ['TaskCompleted', 'TaskFailed', 'TaskSuspended', 'TaskAborted'] as const;
const TASK_EVENTS = tasksContract.events.map((e) => e.type);

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
      pushMapper({
        eventTypes: [...PROGRESS, ...FINISHED],
        async map(event): Promise<Push[]> {
          const id = event.data.id;
          const history = await services.store.readStream(taskStream(id));
          // Checked against the realtime contract here, so a malformed task is this mapper's error.
          const task = TaskDto.parse(taskEntity(rowAt(history, event.streamPosition)));
          const channel = `task.${id}` as const;
          if (isEvent(event, ...FINISHED)) return [{ channel, event: 'TaskFinished', data: { task } }];
          return [{ channel, event: 'TaskProgressUpdated', data: { task, appendix: task.appendix } }];
        },
      }),
    ],
  };
}

/** The read model's row for the task after the events up to `position`, the projection's rules in short. */
function rowAt(history: readonly StoredEvent[], position: number): Record<string, unknown> {
  const row: Record<string, unknown> = { processed: 0, total: 0, appendix: null, file: null, error: null };
  for (const event of history) {
    if (event.streamPosition > position) break;
    if (!isEvent(event, ...TASK_EVENTS)) continue;
    switch (event.type) {
      case 'TaskCreated':
        Object.assign(row, {
          id: event.data.id,
          owner_id: event.data.owner_id,
          kind: event.data.kind,
          name: event.data.name,
          description: event.data.description,
          status: 'new',
          created_at: event.data.created_at,
        });
        break;
      case 'TaskStarted':
        Object.assign(row, { status: 'process', processed: 0, total: event.data.total, appendix: null });
        break;
      case 'TaskProgressed':
        Object.assign(row, {
          processed: event.data.processed,
          total: event.data.total,
          appendix: event.data.appendix,
        });
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
        Object.assign(row, {
          status: 'completed',
          processed: event.data.processed,
          file: event.data.file,
          appendix: null,
        });
        break;
      case 'TaskFailed':
        Object.assign(row, { status: 'failure', error: event.data.error });
        break;
      default:
        unhandledEvent(event);
    }
    row.updated_at = 'at' in event.data ? event.data.at : row.created_at;
  }
  return row;
}
