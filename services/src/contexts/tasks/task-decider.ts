import type {
  TaskByOwnerData,
  TaskCompletedData,
  TaskCreatedData,
  TaskFailedData,
  TaskFile,
  TaskKind,
  TaskParams,
  TaskProgressedData,
  TaskStartedData,
  TaskState,
} from '@sabaq/events';
import { DomainError, NotFoundError } from '../../platform/errors';

/**
 * A background task's life (specification 001 §4): new → process → completed | failure; the owner
 * suspends a new or running task, resumes a suspended one (it waits as new again for a worker), and
 * aborts one that has not ended (it ends as failure). A worker's start, progress, completion or
 * failure that comes after the owner's suspend or abort decides nothing. Pure.
 */
export type TaskEvent =
  | { type: 'TaskCreated'; data: TaskCreatedData }
  | { type: 'TaskStarted'; data: TaskStartedData }
  | { type: 'TaskProgressed'; data: TaskProgressedData }
  | { type: 'TaskSuspended'; data: TaskByOwnerData }
  | { type: 'TaskResumed'; data: TaskByOwnerData }
  | { type: 'TaskAborted'; data: TaskByOwnerData }
  | { type: 'TaskCompleted'; data: TaskCompletedData }
  | { type: 'TaskFailed'; data: TaskFailedData };

export type TaskCommand =
  | {
      type: 'Create';
      id: string;
      ownerId: string;
      schoolId: string | null;
      kind: TaskKind;
      name: string;
      description: string | null;
      params: TaskParams;
      at: string;
    }
  | { type: 'Start'; id: string; at: string; total: number }
  | { type: 'Progress'; id: string; at: string; processed: number; total: number; appendix: string | null }
  | { type: 'Suspend' | 'Resume' | 'Abort'; id: string; at: string; by: string }
  | { type: 'Complete'; id: string; at: string; processed: number; file: TaskFile }
  | { type: 'Fail'; id: string; at: string; error: string };

export interface TaskStateOf {
  status: 'absent' | TaskState;
  ownerId: string | null;
  kind: TaskKind | null;
  params: TaskParams | null;
  aborted: boolean;
}

export const initialTaskState: TaskStateOf = {
  status: 'absent',
  ownerId: null,
  kind: null,
  params: null,
  aborted: false,
};

const ENDED = new Set(['completed', 'failure']);

export function decideTask(command: TaskCommand, state: TaskStateOf): TaskEvent[] {
  if (command.type === 'Create') {
    if (state.status !== 'absent') throw new DomainError('Задача уже создана', 409);
    const { id, ownerId, schoolId, kind, name, description, params, at } = command;
    return [
      {
        type: 'TaskCreated',
        data: { id, owner_id: ownerId, school_id: schoolId, kind, name, description, params, created_at: at },
      },
    ];
  }
  if (state.status === 'absent') throw new NotFoundError('Задача не найдена');
  switch (command.type) {
    case 'Start':
      return state.status === 'new'
        ? [{ type: 'TaskStarted', data: { id: command.id, at: command.at, total: command.total } }]
        : [];
    case 'Progress': {
      if (state.status !== 'process') return [];
      const { id, at, processed, total, appendix } = command;
      return [{ type: 'TaskProgressed', data: { id, at, processed, total, appendix } }];
    }
    case 'Complete':
      return state.status === 'process'
        ? [
            {
              type: 'TaskCompleted',
              data: { id: command.id, at: command.at, processed: command.processed, file: command.file },
            },
          ]
        : [];
    case 'Fail':
      return state.status === 'process' || state.status === 'new'
        ? [{ type: 'TaskFailed', data: { id: command.id, at: command.at, error: command.error } }]
        : [];
    case 'Suspend':
    case 'Resume':
    case 'Abort':
      return ownerAction(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function ownerAction(
  command: { type: 'Suspend' | 'Resume' | 'Abort'; id: string; at: string; by: string },
  state: TaskStateOf,
): TaskEvent[] {
  const data = { id: command.id, at: command.at, by: command.by };
  if (command.type === 'Abort' && state.status === 'failure' && state.aborted) return [];
  if (ENDED.has(state.status)) throw new DomainError('Задача уже завершена', 409);
  switch (command.type) {
    case 'Suspend':
      return state.status === 'suspended' ? [] : [{ type: 'TaskSuspended', data }];
    case 'Resume':
      return state.status === 'suspended' ? [{ type: 'TaskResumed', data }] : [];
    case 'Abort':
      return [{ type: 'TaskAborted', data }];
  }
}

export function evolveTask(state: TaskStateOf, event: { type: string; data: unknown }): TaskStateOf {
  const e = event as TaskEvent;
  switch (e.type) {
    case 'TaskCreated':
      return {
        status: 'new',
        ownerId: e.data.owner_id,
        kind: e.data.kind,
        params: e.data.params,
        aborted: false,
      };
    case 'TaskStarted':
      return { ...state, status: 'process' };
    case 'TaskProgressed':
      return state;
    case 'TaskSuspended':
      return { ...state, status: 'suspended' };
    case 'TaskResumed':
      return { ...state, status: 'new' };
    case 'TaskAborted':
      return { ...state, status: 'failure', aborted: true };
    case 'TaskCompleted':
      return { ...state, status: 'completed' };
    case 'TaskFailed':
      return { ...state, status: 'failure' };
    default:
      return state;
  }
}
