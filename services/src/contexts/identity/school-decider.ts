import type { SchoolRegisteredData } from '@sabaq/events';
import { ConflictError } from '../../platform/errors';

export type SchoolEvent = { type: 'SchoolRegistered'; data: SchoolRegisteredData };
export type SchoolCommand = { type: 'RegisterSchool'; data: SchoolRegisteredData };
export type SchoolState = { status: 'none' } | { status: 'registered'; school: SchoolRegisteredData };

export const schoolStream = (schoolId: string) => `school-${schoolId}`;

export const schoolDecider = {
  initialState: { status: 'none' } as SchoolState,
  decide(command: SchoolCommand, state: SchoolState): SchoolEvent[] {
    switch (command.type) {
      case 'RegisterSchool':
        if (state.status !== 'none') throw new ConflictError('Школа уже зарегистрирована');
        return [{ type: 'SchoolRegistered', data: command.data }];
      default: {
        const unknown: never = command.type;
        throw new Error(`unknown command ${String(unknown)}`);
      }
    }
  },
  evolve(state: SchoolState, event: SchoolEvent): SchoolState {
    switch (event.type) {
      case 'SchoolRegistered':
        return { status: 'registered', school: event.data };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
};
