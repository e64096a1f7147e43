import type { PersonDeactivatedData, PersonProfile, PersonProfileUpdatedData } from '@sabaq/events';
import { NotFoundError } from '../../platform/errors';

/** What a manager does to a person identity registered: edit the profile, deactivate. */
export type PersonCommand =
  | {
      type: 'UpdateProfile';
      userId: string;
      changes: Partial<PersonProfile>;
      current: Partial<PersonProfile>;
    }
  | { type: 'Deactivate'; userId: string; at: string };

export type PersonEvent =
  | { type: 'PersonProfileUpdated'; data: PersonProfileUpdatedData }
  | { type: 'PersonDeactivated'; data: PersonDeactivatedData };

export type PersonState = { status: 'active' } | { status: 'deactivated' };

export const personStream = (userId: string) => `person-${userId}`;

export const personDecider = {
  // A person's stream starts empty: the person exists from identity's registration on.
  initialState: { status: 'active' } as PersonState,
  decide(command: PersonCommand, state: PersonState): PersonEvent[] {
    // A deactivated person is gone for the manager's screens: editing or deactivating again is a 404.
    if (state.status === 'deactivated') throw new NotFoundError('Пользователь не найден');
    switch (command.type) {
      case 'UpdateProfile': {
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => value !== undefined && value !== command.current[key as keyof PersonProfile],
          ),
        );
        // Nothing changed: no event, so saving an untouched form neither conflicts nor grows the stream.
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'PersonProfileUpdated', data: { userId: command.userId, changes } }];
      }
      case 'Deactivate':
        return [{ type: 'PersonDeactivated', data: { userId: command.userId, deactivatedAt: command.at } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state: PersonState, event: PersonEvent): PersonState {
    switch (event.type) {
      case 'PersonProfileUpdated':
        return state;
      case 'PersonDeactivated':
        return { status: 'deactivated' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
