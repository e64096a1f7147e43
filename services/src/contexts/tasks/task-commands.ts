import type { ContextServices } from '../../platform/context';
import type { Decider } from '../../platform/commands/decider';
import { handleCommand } from '../../platform/commands/handle-command';
import { uuidV5 } from '../../platform/ids';
import { TASKS_PROJECTION } from './read-model/tables';
import {
  decideTask,
  evolveTask,
  initialTaskState,
  type TaskCommand,
  type TaskEvent,
  type TaskStateOf,
} from './task-decider';

export const taskStream = (taskId: string) => `task-${taskId}`;

/**
 * Through the platform's command handler. A conflict (the owner suspends while the worker reports
 * progress) is decided again on the new state, so the later command sees the earlier one: progress
 * after a suspend decides nothing, and the worker learns that it must stop. Event ids come from the
 * version and the command, so a retried append writes nothing twice.
 */
export async function runTaskCommand(
  services: Pick<ContextServices, 'store' | 'db'>,
  command: TaskCommand,
  options: { wait?: boolean } = {},
): Promise<TaskEvent[]> {
  const stream = taskStream(command.id);
  const { events } = await handleCommand(services.store, stream, taskDecider, command, {
    eventId: (_event, index, version) =>
      uuidV5(['task-event', stream, String(version), command.type, String(index)].join('\u001f')),
    metadata: { occurredAt: command.at, ...('by' in command ? { userId: command.by } : {}) },
    attempts: 8,
    ...(options.wait === false ? {} : { waitFor: { db: services.db, projections: [TASKS_PROJECTION] } }),
  });
  return events;
}

const taskDecider: Decider<TaskCommand, TaskEvent, TaskStateOf> = {
  initialState: initialTaskState,
  evolve: evolveTask,
  decide: decideTask,
};

/** The task as it stands in its stream (for pushes, which must not wait for the read model). */
export async function loadTask(services: Pick<ContextServices, 'store'>, taskId: string) {
  const history = await services.store.readStream(taskStream(taskId));
  return history.reduce(evolveTask, initialTaskState);
}
