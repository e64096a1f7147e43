import type { WebinarChanges, WebinarCreatedData } from '@sabaq/events';
import { DomainError, NotFoundError } from '../../platform/errors';

/** A webinar's life: made, edited while scheduled, ended by its moderator, deleted. Pure. */
export type WebinarCommand =
  | { type: 'Create'; webinar: WebinarCreatedData }
  | { type: 'Update'; id: string; changes: WebinarChanges; at: string }
  | { type: 'End'; id: string; by: string; at: string }
  | { type: 'Delete'; id: string; at: string };

export type WebinarEvent =
  | { type: 'WebinarCreated'; data: WebinarCreatedData }
  | { type: 'WebinarUpdated'; data: { id: string; changes: WebinarChanges; at: string } }
  | { type: 'WebinarEnded'; data: { id: string; by: string; at: string } }
  | { type: 'WebinarDeleted'; data: { id: string; at: string } };

export type WebinarState =
  | { status: 'absent' }
  | { status: 'scheduled' | 'finished'; webinar: WebinarCreatedData }
  | { status: 'deleted' };

export const initialWebinarState: WebinarState = { status: 'absent' };

export function decideWebinar(command: WebinarCommand, state: WebinarState): WebinarEvent[] {
  switch (command.type) {
    case 'Create':
      // Made already (an assignment's webinar asked for twice): nothing new.
      if (state.status !== 'absent') return [];
      return [{ type: 'WebinarCreated', data: command.webinar }];
    case 'Update': {
      if (state.status === 'absent' || state.status === 'deleted')
        throw new NotFoundError('Вебинар не найден');
      const current = state.webinar as unknown as Record<string, unknown>;
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => JSON.stringify(current[key]) !== JSON.stringify(value),
        ),
      );
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'WebinarUpdated', data: { id: command.id, changes, at: command.at } }];
    }
    case 'End':
      if (state.status === 'absent' || state.status === 'deleted')
        throw new NotFoundError('Вебинар не найден');
      if (state.status === 'finished') return [];
      return [{ type: 'WebinarEnded', data: { id: command.id, by: command.by, at: command.at } }];
    case 'Delete':
      if (state.status === 'absent') throw new NotFoundError('Вебинар не найден');
      if (state.status === 'deleted') return [];
      return [{ type: 'WebinarDeleted', data: { id: command.id, at: command.at } }];
    default: {
      const unreachable: never = command;
      throw new DomainError(`unknown command ${JSON.stringify(unreachable)}`, 500);
    }
  }
}

export function evolveWebinar(state: WebinarState, event: WebinarEvent): WebinarState {
  switch (event.type) {
    case 'WebinarCreated':
      return { status: 'scheduled', webinar: event.data };
    case 'WebinarUpdated':
      if (state.status !== 'scheduled' && state.status !== 'finished') return state;
      return { ...state, webinar: { ...state.webinar, ...event.data.changes } as WebinarCreatedData };
    case 'WebinarEnded':
      return state.status === 'scheduled' ? { ...state, status: 'finished' } : state;
    case 'WebinarDeleted':
      return { status: 'deleted' };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
