import {
  firstEventData,
  type UserGroup,
  type UserJoinedSchoolData,
  type UserPasswordChangedData,
  type UserProfileChanges,
  type UserProfileEditedData,
  type UserRegisteredData,
} from '@sabaq/events';
import { ConflictError } from '../../platform/errors';

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegisteredData }
  | { type: 'UserJoinedSchool'; data: UserJoinedSchoolData }
  | { type: 'UserPasswordChanged'; data: UserPasswordChangedData }
  | { type: 'UserProfileEdited'; data: UserProfileEditedData };

export type UserCommand =
  | { type: 'RegisterUser'; data: UserRegisteredData }
  | { type: 'JoinSchool'; data: UserJoinedSchoolData }
  | { type: 'ChangePassword'; data: UserPasswordChangedData }
  /** `current` is the profile as the directory shows it now (a manager's edits included). */
  | { type: 'EditProfile'; data: UserProfileEditedData; current: UserProfileChanges };

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      username: string;
      group: UserGroup;
      schoolIds: string[];
      passwordHash: string;
    };

export const userStream = (userId: string) => `user-${userId}`;
export const usernameStream = (normalisedUsername: string) => `username-${normalisedUsername}`;

export const userDecider = {
  initialState: { status: 'none' } as UserState,
  decide(command: UserCommand, state: UserState): UserEvent[] {
    switch (command.type) {
      case 'RegisterUser':
        if (state.status !== 'none') throw new ConflictError('Пользователь уже зарегистрирован');
        return [{ type: 'UserRegistered', data: command.data }];
      case 'JoinSchool':
        if (state.status === 'none') throw new ConflictError('Пользователь не найден');
        // Joining twice is not an error: the user simply is in that school.
        if (state.schoolIds.includes(command.data.schoolId)) return [];
        return [{ type: 'UserJoinedSchool', data: command.data }];
      case 'ChangePassword':
        if (state.status === 'none') throw new ConflictError('Пользователь не найден');
        return [{ type: 'UserPasswordChanged', data: command.data }];
      case 'EditProfile': {
        if (state.status === 'none') throw new ConflictError('Пользователь не найден');
        const changes = Object.fromEntries(
          Object.entries(command.data.changes).filter(
            ([key, value]) =>
              value !== undefined && value !== command.current[key as keyof UserProfileChanges],
          ),
        );
        // Saving an untouched form appends nothing.
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'UserProfileEdited', data: { ...command.data, changes } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: UserState, event: UserEvent): UserState {
    switch (event.type) {
      case 'UserRegistered':
        return {
          status: 'registered',
          userId: event.data.userId,
          username: event.data.username,
          group: event.data.group,
          schoolIds: [...event.data.schoolIds],
          passwordHash: event.data.passwordHash,
        };
      case 'UserJoinedSchool':
        if (state.status === 'none') return state;
        return { ...state, schoolIds: [...state.schoolIds, event.data.schoolId] };
      case 'UserPasswordChanged':
        if (state.status === 'none') return state;
        return { ...state, passwordHash: event.data.passwordHash };
      case 'UserProfileEdited':
        return state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

/** The reservation stream holds one event; whoever appended it with 'no_stream' owns the username. */
export function reservationOf(events: readonly { type: string; data: unknown }[]): string | undefined {
  return firstEventData(events, 'UsernameReserved')?.userId;
}
