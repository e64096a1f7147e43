import { describe, expect, it } from 'vitest';
import { schoolProfileDecider, type SchoolProfileEvent } from './school-profile-decider';

const profile = {
  type: 'school',
  name: 'Школа №1',
  logo: null,
  website: null,
  email: 'info@school.kz',
  short_description: null,
  call_center_phone: null,
  region_id: null,
  city_id: null,
};
const given = (events: SchoolProfileEvent[]) =>
  events.reduce(schoolProfileDecider.evolve, schoolProfileDecider.initialState);

describe('the school profile decider', () => {
  it('registers a new school with identity’s event, and its place as a first edit', () => {
    const events = schoolProfileDecider.decide(
      { type: 'RegisterSchool', schoolId: 's1', profile: { ...profile, city_id: 'almaty' } },
      given([]),
    );
    expect(events.map((e) => e.type)).toEqual(['SchoolRegistered', 'SchoolProfileUpdated']);
    expect(events[0]!.data).toMatchObject({ schoolId: 's1', name: 'Школа №1', email: 'info@school.kz' });
    expect(events[1]!.data).toEqual({ schoolId: 's1', changes: { city_id: 'almaty' } });
    expect(given(events)).toEqual({ status: 'registered', profile: { ...profile, city_id: 'almaty' } });
  });

  it('refuses to register a school twice', () => {
    const registered = schoolProfileDecider.decide(
      { type: 'RegisterSchool', schoolId: 's1', profile },
      given([]),
    );
    expect(() =>
      schoolProfileDecider.decide({ type: 'RegisterSchool', schoolId: 's1', profile }, given(registered)),
    ).toThrow(/уже/);
  });

  it('records only the fields that changed, and nothing for an unchanged save', () => {
    const state = given(
      schoolProfileDecider.decide({ type: 'RegisterSchool', schoolId: 's1', profile }, given([])),
    );
    const changes = { name: 'Школа №2', email: 'info@school.kz' };
    expect(schoolProfileDecider.decide({ type: 'UpdateSchool', schoolId: 's1', changes }, state)).toEqual([
      { type: 'SchoolProfileUpdated', data: { schoolId: 's1', changes: { name: 'Школа №2' } } },
    ]);
    expect(
      schoolProfileDecider.decide(
        { type: 'UpdateSchool', schoolId: 's1', changes: { name: 'Школа №1' } },
        state,
      ),
    ).toEqual([]);
  });

  it('cannot edit a school that was never registered', () => {
    expect(() =>
      schoolProfileDecider.decide({ type: 'UpdateSchool', schoolId: 'x', changes: { name: 'X' } }, given([])),
    ).toThrow(/не найдена/);
  });
});
