import { DomainError, NotFoundError } from '../../errors';

/**
 * The life of any record: created once, updated with the fields that changed, deleted once. Pure, so
 * collections share it and tests drive it with given/when/then.
 */
export type RecordCommand =
  | { type: 'create'; id: string; data: Record<string, unknown> }
  | { type: 'update'; id: string; changes: Record<string, unknown> }
  | { type: 'delete'; id: string };

export type RecordState =
  { status: 'absent' } | { status: 'live'; data: Record<string, unknown> } | { status: 'deleted' };

export interface RecordEventTypes {
  created: string;
  updated: string;
  deleted: string;
}

export interface RecordEvent {
  type: string;
  data: Record<string, unknown>;
}

export const initialRecordState: RecordState = { status: 'absent' };

export function decideRecord(
  command: RecordCommand,
  state: RecordState,
  types: RecordEventTypes,
): RecordEvent[] {
  switch (command.type) {
    case 'create':
      if (state.status !== 'absent') throw new DomainError(`Record ${command.id} already exists`, 409);
      return [{ type: types.created, data: { ...command.data, id: command.id } }];
    case 'update': {
      if (state.status !== 'live') throw new NotFoundError();
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => value !== undefined && !sameValue(state.data[key], value),
        ),
      );
      // Nothing changed: no event, so a repeated save neither conflicts nor grows the stream.
      if (Object.keys(changes).length === 0) return [];
      return [{ type: types.updated, data: { id: command.id, changes } }];
    }
    case 'delete':
      if (state.status !== 'live') throw new NotFoundError();
      return [{ type: types.deleted, data: { id: command.id } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveRecord(state: RecordState, event: RecordEvent, types: RecordEventTypes): RecordState {
  if (event.type === types.created) return { status: 'live', data: withoutId(event.data) };
  if (event.type === types.updated && state.status === 'live') {
    const changes = (event.data.changes ?? {}) as Record<string, unknown>;
    return { status: 'live', data: { ...state.data, ...changes } };
  }
  if (event.type === types.deleted) return { status: 'deleted' };
  return state;
}

function withoutId(data: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = data;
  return rest;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
