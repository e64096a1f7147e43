import type {
  SessionEndedData,
  SessionRefreshedData,
  SessionSchoolSelectedData,
  SessionStartedData,
} from '@sabaq/events';
import { ForbiddenError } from '../../platform/errors';
import { ConflictError } from '../../platform/errors';
import { InvalidTokenError } from './errors';

export type SessionEvent =
  | { type: 'SessionStarted'; data: SessionStartedData }
  | { type: 'SessionRefreshed'; data: SessionRefreshedData }
  | { type: 'SessionSchoolSelected'; data: SessionSchoolSelectedData }
  | { type: 'SessionEnded'; data: SessionEndedData };

export type SessionCommand =
  | { type: 'StartSession'; data: SessionStartedData }
  | {
      type: 'RefreshSession';
      /** Hash of the refresh token the client presented, and of the one that replaces it. */
      presentedHash: string;
      data: SessionRefreshedData;
    }
  | { type: 'SelectSchool'; userSchoolIds: readonly string[]; data: SessionSchoolSelectedData }
  | { type: 'EndSession'; data: Omit<SessionEndedData, 'userId'> };

export type SessionState =
  | { status: 'none' }
  | {
      status: 'active';
      sessionId: string;
      userId: string;
      schoolId: string | null;
      refreshTokenHash: string;
      refreshExpiresAt: string;
    }
  | { status: 'ended'; sessionId: string; userId: string };

export const sessionStream = (sessionId: string) => `session-${sessionId}`;

export const sessionDecider = {
  initialState: { status: 'none' } as SessionState,
  decide(command: SessionCommand, state: SessionState): SessionEvent[] {
    switch (command.type) {
      case 'StartSession':
        if (state.status !== 'none') throw new ConflictError('Сессия уже начата');
        return [{ type: 'SessionStarted', data: command.data }];
      case 'RefreshSession': {
        if (state.status !== 'active') throw new InvalidTokenError('The refresh token is invalid.');
        if (command.presentedHash !== state.refreshTokenHash) {
          // A rotated token came back: whoever holds it is not the client that rotated it, so end it all.
          return [
            {
              type: 'SessionEnded',
              data: {
                sessionId: state.sessionId,
                userId: state.userId,
                reason: 'refresh_token_reused',
                endedAt: command.data.refreshedAt,
              },
            },
          ];
        }
        if (command.data.refreshedAt >= state.refreshExpiresAt) {
          return [
            {
              type: 'SessionEnded',
              data: {
                sessionId: state.sessionId,
                userId: state.userId,
                reason: 'expired',
                endedAt: command.data.refreshedAt,
              },
            },
          ];
        }
        return [{ type: 'SessionRefreshed', data: command.data }];
      }
      case 'SelectSchool':
        if (state.status !== 'active') throw new InvalidTokenError();
        if (!command.userSchoolIds.includes(command.data.schoolId))
          throw new ForbiddenError('Школа недоступна этому пользователю');
        if (state.schoolId === command.data.schoolId) return [];
        return [{ type: 'SessionSchoolSelected', data: command.data }];
      case 'EndSession':
        // Logging out twice is fine: clients ignore logout failures, so there should be none.
        if (state.status !== 'active') return [];
        return [{ type: 'SessionEnded', data: { ...command.data, userId: state.userId } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: SessionState, event: SessionEvent): SessionState {
    switch (event.type) {
      case 'SessionStarted':
        return {
          status: 'active',
          sessionId: event.data.sessionId,
          userId: event.data.userId,
          schoolId: event.data.schoolId,
          refreshTokenHash: event.data.refreshTokenHash,
          refreshExpiresAt: event.data.refreshExpiresAt,
        };
      case 'SessionRefreshed':
        if (state.status !== 'active') return state;
        return {
          ...state,
          refreshTokenHash: event.data.refreshTokenHash,
          refreshExpiresAt: event.data.refreshExpiresAt,
        };
      case 'SessionSchoolSelected':
        if (state.status !== 'active') return state;
        return { ...state, schoolId: event.data.schoolId };
      case 'SessionEnded':
        if (state.status === 'none') return state;
        return { status: 'ended', sessionId: state.sessionId, userId: state.userId };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
