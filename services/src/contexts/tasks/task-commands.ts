import type { ContextServices } from '../../platform/context';
import { WrongExpectedVersionError } from '../../platform/errors';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { uuidV5 } from '../../platform/ids';
import { TASKS_PROJECTION } from './read-model/tables';
import { decideTask, evolveTask, initialTaskState, type TaskCommand, type TaskEvent } from './task-decider';

export const taskStream = (taskId: string) => `task-${taskId}`;

/**
 * load → decide → append with the version decided against. A conflict (the owner suspends while the
 * worker reports progress) is decided again on the new state, so the later command sees the earlier
 * one: progress after a suspend decides nothing, and the worker learns that it must stop. Event ids
 * come from the version and the command, so a retried append writes nothing twice.
 */
export async function runTaskCommand(
  services: Pick<ContextServices, 'store' | 'db'>,
  command: TaskCommand,
  options: { wait?: boolean } = {},
): Promise<TaskEvent[]> {
  const stream = taskStream(command.id);
  for (let attempt = 1; ; attempt++) {
    const history = await services.store.readStream(stream);
    const state = history.reduce(evolveTask, initialTaskState);
    const events = decideTask(command, state);
    if (events.length === 0) return [];
    const version = history.length - 1;
    try {
      const result = await services.store.append(
        stream,
        events.map((event, index) => ({
          id: uuidV5(['task-event', stream, String(version), command.type, String(index)].join('\u001f')),
          type: event.type,
          data: event.data,
          metadata: { occurredAt: command.at, ...('by' in command ? { userId: command.by } : {}) },
        })),
        { expectedVersion: version < 0 ? 'no_stream' : version },
      );
      if (options.wait !== false) {
        await waitForProjections(services.db, [TASKS_PROJECTION], result.lastGlobalPosition);
      }
      return events;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 8) throw error;
    }
  }
}

/** The task as it stands in its stream (for pushes, which must not wait for the read model). */
export async function loadTask(services: Pick<ContextServices, 'store'>, taskId: string) {
  const history = await services.store.readStream(taskStream(taskId));
  return history.reduce(evolveTask, initialTaskState);
}
