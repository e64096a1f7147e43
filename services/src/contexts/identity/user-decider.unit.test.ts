import type { UserRegisteredData } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { schoolDecider } from './school-decider';
import { userDecider, type UserCommand, type UserEvent } from './user-decider';

const registration: UserRegisteredData = {
  userId: 'u1',
  username: 'Teacher',
  group: 'teacher',
  schoolIds: ['school-1'],
  firstname: 'Алексей',
  lastname: 'Смирнов',
  patronymic: null,
  email: null,
  phone: null,
  color: null,
  photo: null,
  passwordHash: '$argon2id$old',
  registeredAt: '2026-01-01T00:00:00.000Z',
};
const registered: UserEvent = { type: 'UserRegistered', data: registration };

function given(...events: UserEvent[]) {
  const state = events.reduce(userDecider.evolve, userDecider.initialState);
  return {
    state,
    when: (command: UserCommand) => () => userDecider.decide(command, state),
  };
}

describe('user decider', () => {
  it('registers a user once', () => {
    expect(given().when({ type: 'RegisterUser', data: registration })()).toEqual([registered]);
    expect(given(registered).when({ type: 'RegisterUser', data: registration })).toThrow(/уже/);
  });

  it('joins another school once; joining again changes nothing', () => {
    const join: UserCommand = { type: 'JoinSchool', data: { userId: 'u1', schoolId: 'school-2' } };
    const joined: UserEvent = { type: 'UserJoinedSchool', data: join.data };
    expect(given(registered).when(join)()).toEqual([joined]);
    expect(given(registered, joined).when(join)()).toEqual([]);
    expect(given(registered, joined).state).toMatchObject({ schoolIds: ['school-1', 'school-2'] });
  });

  it('changes the password of a registered user only', () => {
    const change: UserCommand = {
      type: 'ChangePassword',
      data: { userId: 'u1', passwordHash: '$argon2id$new', changedAt: '2026-01-02T00:00:00.000Z' },
    };
    const changed = given(registered).when(change)();
    expect(changed).toEqual([{ type: 'UserPasswordChanged', data: change.data }]);
    expect(given(registered, ...changed).state).toMatchObject({ passwordHash: '$argon2id$new' });
    expect(given().when(change)).toThrow(/не найден/);
  });
});

describe('school decider', () => {
  const data = {
    schoolId: 'school-1',
    type: 'school',
    name: 'Демо-школа',
    logo: null,
    website: null,
    email: null,
    shortDescription: null,
    callCenterPhone: null,
  };
  it('registers a school once', () => {
    const events = schoolDecider.decide({ type: 'RegisterSchool', data }, schoolDecider.initialState);
    expect(events).toEqual([{ type: 'SchoolRegistered', data }]);
    const state = events.reduce(schoolDecider.evolve, schoolDecider.initialState);
    expect(() => schoolDecider.decide({ type: 'RegisterSchool', data }, state)).toThrow(/уже/);
  });
  it('edits the own profile with only the fields that changed, and nothing for an untouched form', () => {
    const current = { firstname: 'Алексей', lastname: 'Смирнов', email: null, phone: null, photo: null };
    const edit = (changes: Record<string, string | null>): UserCommand => ({
      type: 'EditProfile',
      data: { userId: 'u1', changes, editedAt: '2026-02-01T00:00:00.000Z' },
      current,
    });
    expect(given(registered).when(edit({ firstname: 'Алексей', email: 'a@school.kz' }))()).toEqual([
      {
        type: 'UserProfileEdited',
        data: { userId: 'u1', changes: { email: 'a@school.kz' }, editedAt: '2026-02-01T00:00:00.000Z' },
      },
    ]);
    expect(given(registered).when(edit({ firstname: 'Алексей', photo: null }))()).toEqual([]);
    expect(given().when(edit({ firstname: 'Пётр' }))).toThrow(/не найден/);
  });
});
