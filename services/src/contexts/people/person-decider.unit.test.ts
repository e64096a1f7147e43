import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../platform/errors';
import { personDecider, type PersonCommand, type PersonEvent } from './person-decider';

const given = (events: PersonEvent[]) => events.reduce(personDecider.evolve, personDecider.initialState);
const when = (history: PersonEvent[], command: PersonCommand) =>
  personDecider.decide(command, given(history));

const deactivated: PersonEvent = {
  type: 'PersonDeactivated',
  data: { userId: 'u1', deactivatedAt: '2026-01-01T00:00:00.000Z' },
};

describe('a person', () => {
  it('records only the profile fields that changed', () => {
    const events = when([], {
      type: 'UpdateProfile',
      userId: 'u1',
      changes: { firstname: 'Айгерим', lastname: 'Сейткали', email: null },
      current: { firstname: 'Айгерим', lastname: 'Касымова', email: null },
    });
    expect(events).toEqual([
      { type: 'PersonProfileUpdated', data: { userId: 'u1', changes: { lastname: 'Сейткали' } } },
    ]);
  });

  it('records nothing when the form is saved unchanged', () => {
    const command: PersonCommand = {
      type: 'UpdateProfile',
      userId: 'u1',
      changes: { notify_via_sms: false },
      current: { notify_via_sms: false },
    };
    expect(when([], command)).toEqual([]);
  });

  it('is deactivated once; after that it cannot be edited or deactivated again', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(when([], { type: 'Deactivate', userId: 'u1', at })).toEqual([deactivated]);
    expect(() => when([deactivated], { type: 'Deactivate', userId: 'u1', at })).toThrow(NotFoundError);
    expect(() =>
      when([deactivated], { type: 'UpdateProfile', userId: 'u1', changes: { firstname: 'А' }, current: {} }),
    ).toThrow(NotFoundError);
  });
});
