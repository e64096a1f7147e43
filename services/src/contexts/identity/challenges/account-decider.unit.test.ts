import { describe, expect, it } from 'vitest';
import { accountDecider, pendingChallenges, type AccountCommand, type AccountEvent } from './account-decider';

type Assigned = Extract<AccountEvent, { type: 'ChallengeAssigned' }>;
const at = '2026-01-01T10:00:00.000Z';
const assigned = (
  challengeId: string,
  challenge: 'change_password' | 'sign_privacy_policy' | 'request_personal_data',
): Assigned => ({
  type: 'ChallengeAssigned',
  data: { challengeId, userId: 'u1', challenge, assignedBy: null, assignedAt: at },
});

function given(...events: AccountEvent[]) {
  const state = events.reduce(accountDecider.evolve, accountDecider.initialState);
  return { state, when: (command: AccountCommand) => () => accountDecider.decide(command, state) };
}

describe('account decider', () => {
  it('assigns a challenge once per kind while pending, and the same assignment never twice', () => {
    const a = assigned('ch1', 'change_password');
    expect(given().when({ type: 'AssignChallenge', data: a.data })()).toEqual([a]);
    const again = assigned('ch2', 'change_password');
    expect(given(a).when({ type: 'AssignChallenge', data: again.data })()).toEqual([]);
    const completed: AccountEvent = {
      type: 'ChallengeCompleted',
      data: { challengeId: 'ch1', userId: 'u1', challenge: 'change_password', completedAt: at },
    };
    expect(given(a, completed).when({ type: 'AssignChallenge', data: a.data })()).toEqual([]);
    expect(given(a, completed).when({ type: 'AssignChallenge', data: again.data })()).toEqual([again]);
  });

  it('lists pending challenges in the modal’s order and drops completed ones', () => {
    const history = [assigned('p', 'request_personal_data'), assigned('c', 'change_password')];
    expect(pendingChallenges(given(...history).state)).toEqual(['change_password', 'request_personal_data']);
    const events = given(...history).when({
      type: 'CompleteChallenge',
      userId: 'u1',
      challenge: 'change_password',
      at,
    })();
    expect(events).toEqual([
      {
        type: 'ChallengeCompleted',
        data: { challengeId: 'c', userId: 'u1', challenge: 'change_password', completedAt: at },
      },
    ]);
    expect(pendingChallenges(given(...history, ...events).state)).toEqual(['request_personal_data']);
    expect(given(...history, ...events).state.challenges.find((c) => c.id === 'c')).toMatchObject({
      is_completed: true,
      updated_at: at,
    });
  });

  it('completes nothing when nothing of that kind is pending', () => {
    expect(
      given().when({ type: 'CompleteChallenge', userId: 'u1', challenge: 'change_password', at })(),
    ).toEqual([]);
  });

  it('records the signature and completes sign_privacy_policy', () => {
    const data = { userId: 'u1', document: 'Политика', signature: 'c2lnbg==', signedAt: at };
    expect(given(assigned('s', 'sign_privacy_policy')).when({ type: 'SignPrivacyPolicy', data })()).toEqual([
      { type: 'PrivacyPolicySigned', data },
      {
        type: 'ChallengeCompleted',
        data: { challengeId: 's', userId: 'u1', challenge: 'sign_privacy_policy', completedAt: at },
      },
    ]);
  });

  it('records the personal-data request and completes request_personal_data', () => {
    const data = { userId: 'u1', sessionId: 'sess', phone: '77011234567', confirmedAt: at };
    const events = given(assigned('r', 'request_personal_data')).when({
      type: 'ConfirmPersonalDataRequest',
      data,
    })();
    expect(events.map((e) => e.type)).toEqual(['PersonalDataRequestConfirmed', 'ChallengeCompleted']);
  });

  it('confirms a phone or an e-mail once', () => {
    const phone: AccountEvent = {
      type: 'PhoneConfirmed',
      data: { userId: 'u1', phone: '77011234567', confirmedAt: at },
    };
    expect(given().when({ type: 'ConfirmPhone', data: phone.data })()).toEqual([phone]);
    expect(given(phone).when({ type: 'ConfirmPhone', data: phone.data })()).toEqual([]);
    const email: AccountEvent = {
      type: 'EmailConfirmed',
      data: { userId: 'u1', email: 'a@b.kz', confirmedAt: at },
    };
    expect(given(email).state.confirmedEmail).toBe('a@b.kz');
  });
});
