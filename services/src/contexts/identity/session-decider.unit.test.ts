import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../platform/errors';
import { InvalidTokenError } from './errors';
import { sessionDecider, type SessionCommand, type SessionEvent } from './session-decider';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const started: SessionEvent = {
  type: 'SessionStarted',
  data: {
    sessionId: 's1',
    userId: 'u1',
    schoolId: 'school-1',
    refreshTokenHash: HASH_A,
    refreshExpiresAt: '2026-02-01T00:00:00.000Z',
    startedAt: '2026-01-01T00:00:00.000Z',
  },
};
const ended: SessionEvent = {
  type: 'SessionEnded',
  data: { sessionId: 's1', userId: 'u1', reason: 'logout', endedAt: '2026-01-01T01:00:00.000Z' },
};

function given(...events: SessionEvent[]) {
  const state = events.reduce(sessionDecider.evolve, sessionDecider.initialState);
  return { when: (command: SessionCommand) => () => sessionDecider.decide(command, state) };
}

const refresh = (
  presentedHash: string,
  at = '2026-01-02T00:00:00.000Z',
): Extract<SessionCommand, { type: 'RefreshSession' }> => ({
  type: 'RefreshSession',
  presentedHash,
  data: {
    sessionId: 's1',
    refreshTokenHash: HASH_B,
    refreshExpiresAt: '2026-03-01T00:00:00.000Z',
    refreshedAt: at,
  },
});

describe('session decider', () => {
  it('starts a session once', () => {
    expect(given().when({ type: 'StartSession', data: started.data })()).toEqual([started]);
    expect(given(started).when({ type: 'StartSession', data: started.data })).toThrow(/уже/);
  });

  it('rotates the refresh token when the current one is presented', () => {
    expect(given(started).when(refresh(HASH_A))()).toEqual([
      { type: 'SessionRefreshed', data: refresh(HASH_A).data },
    ]);
  });

  it('ends the session when an already rotated refresh token comes back', () => {
    const rotated: SessionEvent = { type: 'SessionRefreshed', data: refresh(HASH_A).data };
    expect(given(started, rotated).when(refresh(HASH_A))()).toEqual([
      {
        type: 'SessionEnded',
        data: {
          sessionId: 's1',
          userId: 'u1',
          reason: 'refresh_token_reused',
          endedAt: '2026-01-02T00:00:00.000Z',
        },
      },
    ]);
  });

  it('ends the session when the refresh token has expired', () => {
    expect(given(started).when(refresh(HASH_A, '2026-02-02T00:00:00.000Z'))()[0]?.type).toBe('SessionEnded');
  });

  it('refuses to refresh an ended or unknown session', () => {
    expect(given(started, ended).when(refresh(HASH_A))).toThrow(InvalidTokenError);
    expect(given().when(refresh(HASH_A))).toThrow(InvalidTokenError);
  });

  it('selects only one of the user’s schools, and nothing when it is already chosen', () => {
    const select = (schoolId: string): SessionCommand => ({
      type: 'SelectSchool',
      userSchoolIds: ['school-1', 'school-2'],
      data: { sessionId: 's1', schoolId, selectedAt: '2026-01-01T00:10:00.000Z' },
    });
    expect(given(started).when(select('school-2'))()).toEqual([
      { type: 'SessionSchoolSelected', data: select('school-2').data },
    ]);
    expect(given(started).when(select('school-1'))()).toEqual([]);
    expect(given(started).when(select('school-9'))).toThrow(ForbiddenError);
  });

  it('ends an active session, and ending it again changes nothing', () => {
    expect(given(started).when({ type: 'EndSession', data: ended.data })()).toEqual([ended]);
    expect(given(started, ended).when({ type: 'EndSession', data: ended.data })()).toEqual([]);
  });
});
