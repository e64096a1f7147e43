import type { SchoolProfile, SchoolRegisteredData } from '@sabaq/events';
import { DomainError, NotFoundError } from '../../platform/errors';

/**
 * The admin's life of a school on identity's stream `school-<id>`: registered once (identity's event,
 * so sign-in, invites and school choice know it at once), then edited with the fields that changed.
 * Pure; the stream also carries nothing else today, and any other event type is ignored.
 */
export type SchoolProfileEvent =
  | { type: 'SchoolRegistered'; data: SchoolRegisteredData }
  | { type: 'SchoolProfileUpdated'; data: { schoolId: string; changes: Partial<SchoolProfile> } };

export type SchoolProfileCommand =
  | { type: 'RegisterSchool'; schoolId: string; profile: SchoolProfile }
  | { type: 'UpdateSchool'; schoolId: string; changes: Partial<SchoolProfile> };

export type SchoolProfileState = { status: 'none' } | { status: 'registered'; profile: SchoolProfile };

/** Fields identity's SchoolRegistered does not carry; a new school's first edit sets them. */
const BEYOND_REGISTRATION = ['region_id', 'city_id'] as const;

export const schoolProfileDecider = {
  initialState: { status: 'none' } as SchoolProfileState,

  decide(command: SchoolProfileCommand, state: SchoolProfileState): SchoolProfileEvent[] {
    switch (command.type) {
      case 'RegisterSchool': {
        if (state.status !== 'none') throw new DomainError('Школа уже зарегистрирована', 409);
        const p = command.profile;
        const registered: SchoolProfileEvent = {
          type: 'SchoolRegistered',
          data: {
            schoolId: command.schoolId,
            type: p.type,
            name: p.name,
            logo: p.logo,
            website: p.website,
            email: p.email,
            shortDescription: p.short_description,
            callCenterPhone: p.call_center_phone,
          },
        };
        const rest = Object.fromEntries(
          BEYOND_REGISTRATION.filter((key) => p[key] !== null).map((key) => [key, p[key]]),
        );
        return Object.keys(rest).length === 0
          ? [registered]
          : [
              registered,
              { type: 'SchoolProfileUpdated', data: { schoolId: command.schoolId, changes: rest } },
            ];
      }
      case 'UpdateSchool': {
        if (state.status !== 'registered') throw new NotFoundError('Школа не найдена');
        const current = state.profile as Record<string, unknown>;
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => value !== undefined && JSON.stringify(current[key]) !== JSON.stringify(value),
          ),
        );
        // Nothing changed: no event, so saving an unchanged form neither conflicts nor grows the stream.
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SchoolProfileUpdated', data: { schoolId: command.schoolId, changes } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state: SchoolProfileState, event: SchoolProfileEvent): SchoolProfileState {
    switch (event.type) {
      case 'SchoolRegistered':
        return { status: 'registered', profile: profileOf(event.data) };
      case 'SchoolProfileUpdated':
        if (state.status !== 'registered') return state;
        return { status: 'registered', profile: { ...state.profile, ...event.data.changes } };
      default:
        // Another context's event on the school stream: not part of the profile.
        return state;
    }
  },
};

export function profileOf(d: SchoolRegisteredData): SchoolProfile {
  return {
    type: d.type,
    name: d.name,
    logo: d.logo,
    website: d.website,
    email: d.email,
    short_description: d.shortDescription,
    call_center_phone: d.callCenterPhone,
    region_id: null,
    city_id: null,
  };
}
