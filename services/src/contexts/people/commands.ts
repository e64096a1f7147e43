import { endUserSessions } from '../identity/recovery/set-password';
import { hash } from '@node-rs/argon2';
import type { PersonProfile, UserGroup } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import type { RecordCommandHandler } from '../../platform/http/records/collection';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { handleCommand } from '../../platform/commands/handle-command';
import { registerUser } from '../identity/register';
import { userStream } from '../identity/user-decider';
import { PEOPLE_PROJECTION } from './directory/projection';
import { withTables } from '../../platform/read-models/database';
import { PEOPLE_TABLE, type PeopleTables } from './directory/table';
import { personDecider, personStream, type PersonCommand } from './person-decider';

/** Fields identity keeps from the registration itself; the rest of a new profile is this context's. */
const REGISTERED = ['firstname', 'lastname', 'patronymic', 'email', 'phone', 'color'] as const;

export interface NewPerson extends Partial<PersonProfile> {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
}

/**
 * The record API's create, update and delete for a group of people. A create goes through identity's
 * registration (unique username, argon2id hash) in the caller's school; edits and deactivation are
 * this context's events on `person-<id>`. Each resolves once the people directory shows the change.
 */
export function peopleCommands(group: UserGroup): RecordCommandHandler {
  return async (services, command, caller) => {
    switch (command.type) {
      case 'create':
        // Why the cast: the record API parsed the body with this collection's `create` schema, and
        // RecordCommand carries it as a plain record.
        return createPerson(services, group, command.id, command.data as unknown as NewPerson, caller);
      case 'update': {
        const current = await currentProfile(services, command.id);
        const changes = command.changes as Partial<PersonProfile>;
        return changePerson(
          services,
          { type: 'UpdateProfile', userId: command.id, changes, current },
          caller,
        );
      }
      case 'delete': {
        const at = services.clock().toISOString();
        await changePerson(services, { type: 'Deactivate', userId: command.id, at }, caller);
        // Signed out everywhere at once; identity refuses the next sign-in.
        return endUserSessions(services, command.id, 'deactivated');
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  };
}

async function createPerson(
  services: ContextServices,
  group: UserGroup,
  userId: string,
  person: NewPerson,
  caller: Caller,
): Promise<void> {
  if (caller.schoolId === null) throw new ForbiddenError('Choose a school first');
  const { username, password, ...profile } = person;
  await registerUser(services.store, {
    userId,
    username,
    group,
    schoolIds: [caller.schoolId],
    firstname: profile.firstname,
    lastname: profile.lastname,
    patronymic: profile.patronymic ?? null,
    email: profile.email ?? null,
    phone: profile.phone ?? null,
    color: profile.color ?? null,
    photo: null,
    passwordHash: await hash(password),
    registeredAt: services.clock().toISOString(),
  });
  const registered = await services.store.readStream(userStream(userId));
  let position = registered.at(-1)!.globalPosition;
  // The settings registration does not carry (description, notification flags) follow as an edit.
  const rest = Object.fromEntries(
    Object.entries(profile).filter(([key]) => !(REGISTERED as readonly string[]).includes(key)),
  ) as Partial<PersonProfile>;
  const changed = await appendPersonEvents(
    services,
    { type: 'UpdateProfile', userId, changes: rest, current: DEFAULT_SETTINGS },
    caller,
  );
  position = changed ?? position;
  await waitForProjections(services.db, [PEOPLE_PROJECTION], position);
}

/** What a person has before anyone sets it: the specification's defaults (flags off). */
const DEFAULT_SETTINGS: Partial<PersonProfile> = {
  description: null,
  notify_via_sms: false,
  notify_via_email: false,
  request_photo_challenge: false,
};

async function changePerson(
  services: ContextServices,
  command: PersonCommand,
  caller: Caller,
): Promise<void> {
  const position = await appendPersonEvents(services, command, caller);
  if (position !== undefined) await waitForProjections(services.db, [PEOPLE_PROJECTION], position);
}

/** load → decide → append with the stream's version: a concurrent edit is a 409, never a lost update. */
async function appendPersonEvents(
  services: ContextServices,
  command: PersonCommand,
  caller: Caller,
): Promise<bigint | undefined> {
  const { result } = await handleCommand(
    services.store,
    personStream(command.userId),
    personDecider,
    command,
    {
      eventId: () => services.newId(),
      metadata: {
        userId: caller.userId,
        occurredAt: services.clock().toISOString(),
        ...(caller.schoolId === null ? {} : { schoolId: caller.schoolId }),
      },
    },
  );
  return result?.lastGlobalPosition;
}

async function currentProfile(services: ContextServices, userId: string): Promise<Partial<PersonProfile>> {
  const row = await withTables<PeopleTables>(services.db)
    .selectFrom(PEOPLE_TABLE)
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Пользователь не найден');
  return row as Partial<PersonProfile>;
}
