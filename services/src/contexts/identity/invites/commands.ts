import {
  firstEventData,
  type EventMetadata,
  type InviteCodeFields,
  type InviteCodeUsedData,
} from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError, ValidationError, WrongExpectedVersionError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import type { RecordCommandHandler } from '../../../platform/http/records/collection';
import type { EventStore } from '../../../platform/ports/event-store';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { handleCommand } from '../../../platform/commands/handle-command';
import { loadState } from '../../../platform/commands/decider';
import { generateInviteCode, inviteCodeKey, inviteCodeStream, inviteStream } from './code';
import { InviteCodeError } from './errors';
import { inviteDecider, type Invite, type InviteCommand, type InviteState } from './invite-decider';
import { INVITES_PROJECTION } from './table';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/** The record API's create, update and delete of an invite: each resolves once the list shows it. */
export function inviteCommands(): RecordCommandHandler {
  return async (services, command, caller) => {
    switch (command.type) {
      case 'create':
        // Why the cast: the record API parsed the body with this collection's `create` schema, and
        // RecordCommand carries it as a plain record.
        await createInviteCode(services, caller, command.id, command.data as InviteCodeFields);
        return;
      case 'update': {
        const changes = withExpiry(services, command.changes as Partial<InviteCodeFields>);
        await runInviteCommand(
          services,
          command.id,
          { type: 'Update', changes },
          metadataOf(services, caller),
        );
        return;
      }
      case 'delete':
        await runInviteCommand(services, command.id, { type: 'Delete' }, metadataOf(services, caller));
        return;
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  };
}

/**
 * Creates an invite of the caller's school with a new code. The code is reserved first, on its own
 * stream with 'no_stream': a code another invite holds is never given twice (a clash draws a new one).
 * `fixed` is for the demo seed: its code and event ids are given, so a second start appends nothing.
 */
export async function createInviteCode(
  services: Services,
  caller: Pick<Caller, 'userId' | 'schoolId' | 'group'>,
  id: string,
  fields: InviteCodeFields,
  fixed?: { code: string; eventId: (name: string) => string },
): Promise<void> {
  if (caller.schoolId === null) throw new DomainError('Сначала выберите школу', 403);
  // An invite makes people members of a group: a teacher brings in students only.
  if (caller.group === 'teacher' && fields.group !== 'student')
    throw new ValidationError('Учитель может приглашать только учеников', {
      group: ['Учитель может приглашать только учеников'],
    });
  if ((await services.store.streamVersion(inviteStream(id))) >= 0) return;
  const code = await reserveCode(services.store, id, fixed);
  const metadata = metadataOf(services, caller);
  const { result } = await handleCommand(
    services.store,
    inviteStream(id),
    inviteDecider,
    {
      type: 'Create',
      data: {
        ...withExpiry(services, fields),
        id,
        code,
        school_id: caller.schoolId,
        owner_id: caller.userId,
      } as Invite,
    },
    { eventId: () => fixed?.eventId('created') ?? services.newId(), metadata },
  );
  // The seed runs before any projector may be up (distributed roles): it does not wait for the list.
  if (result && !fixed)
    await waitForProjections(services.db, [INVITES_PROJECTION], result.lastGlobalPosition);
}

async function reserveCode(
  store: EventStore,
  inviteId: string,
  fixed: { code: string; eventId: (name: string) => string } | undefined,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = fixed?.code ?? generateInviteCode();
    const key = inviteCodeKey(code)!;
    try {
      await store.append(
        inviteCodeStream(key),
        [
          {
            id: fixed?.eventId('reserved') ?? `${inviteId}:reserved:${attempt}`,
            type: 'InviteCodeReserved',
            data: { code, inviteCodeId: inviteId },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
      return code;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // Ours already (a retried create): keep it.
      if ((await inviteIdOfKey(store, key)) === inviteId) return code;
      if (fixed) throw new DomainError('Такой код приглашения уже существует', 409);
    }
  }
  throw new DomainError('Не удалось выбрать код приглашения, повторите попытку', 503);
}

/** `expires_in` (seconds) given without `expired_at` sets the expiry that many seconds from now. */
function withExpiry<T extends Partial<InviteCodeFields>>(services: Pick<Services, 'clock'>, fields: T): T {
  if (typeof fields.expires_in !== 'number' || fields.expired_at) return fields;
  const at = new Date(services.clock().getTime() + fields.expires_in * 1000).toISOString();
  return { ...fields, expired_at: at };
}

function metadataOf(services: Pick<Services, 'clock'>, caller: Pick<Caller, 'userId' | 'schoolId'>) {
  return {
    userId: caller.userId,
    occurredAt: services.clock().toISOString(),
    ...(caller.schoolId === null ? {} : { schoolId: caller.schoolId }),
  };
}

async function inviteIdOfKey(store: EventStore, key: string): Promise<string | undefined> {
  return firstEventData(await store.readStream(inviteCodeStream(key)), 'InviteCodeReserved')?.inviteCodeId;
}

/** The invite a code names, as its stream says now; 'absent' when no invite has that code. */
export async function inviteByCode(
  store: EventStore,
  code: string,
): Promise<{ inviteId: string | undefined; state: InviteState }> {
  const key = inviteCodeKey(code);
  const inviteId = key ? await inviteIdOfKey(store, key) : undefined;
  if (!inviteId) return { inviteId, state: inviteDecider.initialState };
  return { inviteId, state: (await loadState(store, inviteStream(inviteId), inviteDecider)).state };
}

/**
 * Through the platform's command handler; on a concurrent append it decides again on the new state. So
 * of two registrations racing for the last use, the second sees it used up.
 */
export async function runInviteCommand(
  services: Services,
  inviteId: string,
  command: InviteCommand,
  metadata: EventMetadata,
  options: { wait?: boolean } = {},
): Promise<{ state: InviteState; appended: boolean }> {
  const { state, result } = await handleCommand(
    services.store,
    inviteStream(inviteId),
    inviteDecider,
    command,
    {
      eventId: () => services.newId(),
      metadata,
      attempts: 11,
      ...(options.wait === false ? {} : { waitFor: { db: services.db, projections: [INVITES_PROJECTION] } }),
    },
  );
  return { state, appended: result !== undefined };
}

/**
 * Takes one use of the invite a code names for this user. Answers the invite (school, group) on success;
 * 422 on invite_code when the code is unknown, revoked, expired or used up.
 */
export async function useInviteCode(
  services: Services,
  code: string,
  use: { userId: string; purpose: InviteCodeUsedData['purpose']; contacts: string[] },
): Promise<Invite> {
  const { inviteId, state } = await inviteByCode(services.store, code);
  if (!inviteId || state.status !== 'live') throw new InviteCodeError('unknown');
  const at = services.clock().toISOString();
  const { state: after } = await runInviteCommand(
    services,
    inviteId,
    { type: 'Use', userId: use.userId, purpose: use.purpose, at, contacts: use.contacts },
    { userId: use.userId, schoolId: state.invite.school_id, occurredAt: at },
    // The answer names the school from the stream; the list catches up by itself.
    { wait: false },
  );
  if (after.status === 'absent') throw new InviteCodeError('unknown');
  return after.invite;
}

/** Gives back the use a failed registration took. */
export async function releaseInviteUse(services: Services, inviteId: string, userId: string): Promise<void> {
  const at = services.clock().toISOString();
  await runInviteCommand(
    services,
    inviteId,
    { type: 'Release', userId, at },
    { userId, occurredAt: at },
    { wait: false },
  );
}
