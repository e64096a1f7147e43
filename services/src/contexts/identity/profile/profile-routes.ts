import { firstEventData, profileAnswer, type UserProfileChanges } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import type { ContextServices } from '../../../platform/context';
import type { AuthenticateRequest } from '../authenticated';
import { handleCommand } from '../../../platform/commands/handle-command';
import { userView } from '../directory/queries';
import { normaliseUsername } from '../ids';
import { userDecider, usernameStream, userStream } from '../user-decider';
import type { CodeSender } from '../verification/code-sender';
import { issueCode, type CodeDeps } from '../verification/codes';
import { TooManyRequestsError } from '../verification/errors';
import { ownersOfPhone } from '../verification/phone';
import { OWN_PROFILE_FIELDS, PROFILE_TEXTS, readProfileBody, type FieldErrors } from './profile-body';
import { withTables } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';

/**
 * The directory of identity and the people context's directory both show the profile; the record API
 * (users, students, teachers, proctors) reads the latter. Waiting for both before answering is what makes
 * the caller's next read, and every cached answer of those collections, show the change.
 */
const PROFILE_READ_MODELS = ['identity.directory', 'people.directory'] as const;

/**
 * `PUT /api/user/profile`: the signed-in user edits their own names, contacts and avatar. The user is the
 * token's, never an id from the address or body, so nobody can edit anyone else through it. A new e-mail
 * or phone starts its confirmation (the same codes as `/api/email/request.json` and
 * `/api/phone/request.json`); until confirmed it is simply not the confirmed one on the account stream.
 */
export async function profileRoutes(
  app: FastifyInstance,
  services: ContextServices,
  sender: CodeSender,
  authenticated: AuthenticateRequest,
): Promise<void> {
  const codes: CodeDeps = { ...services, sender };
  app.put('/api/user/profile', { schema: { response: { 200: profileAnswer } } }, async (request) => {
    const { caller } = await authenticated(request);
    const { changes, errors } = readProfileBody(request.body);
    await checkContactsFree(services, caller.userId, changes, errors);
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      const only = fields.length === 1 ? errors[fields[0]!]![0] : undefined;
      throw new ValidationError(only ?? PROFILE_TEXTS.invalid, errors);
    }
    const current = await currentProfile(services, caller.userId);
    const at = services.clock().toISOString();
    const { events, result } = await handleCommand(
      services.store,
      userStream(caller.userId),
      userDecider,
      { type: 'EditProfile', data: { userId: caller.userId, changes, editedAt: at }, current },
      {
        eventId: () => services.newId(),
        metadata: {
          userId: caller.userId,
          occurredAt: at,
          ...(caller.schoolId === null ? {} : { schoolId: caller.schoolId }),
        },
      },
    );
    if (result) await waitForProjections(services.db, PROFILE_READ_MODELS, result.lastGlobalPosition);
    const changed = events[0]?.type === 'UserProfileEdited' ? events[0].data.changes : {};
    const verification = {
      email: changed.email ? await startConfirmation(codes, caller.userId, 'email', changed.email) : false,
      phone: changed.phone ? await startConfirmation(codes, caller.userId, 'phone', changed.phone) : false,
    };
    const entity = await userView(services.db, services.store, caller.userId, caller.schoolId, {
      extended: false,
    });
    if (!entity) throw new NotFoundError('Пользователь не найден');
    return { entity, verification };
  });
}

async function currentProfile(services: ContextServices, userId: string): Promise<UserProfileChanges> {
  const row = await withTables<IdentityTables>(services.db)
    .selectFrom('users')
    .select([...OWN_PROFILE_FIELDS])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Пользователь не найден');
  return row as UserProfileChanges;
}

/** An e-mail or phone another user has (as their address, or the e-mail as a username) is refused. */
async function checkContactsFree(
  services: ContextServices,
  userId: string,
  changes: UserProfileChanges,
  errors: FieldErrors,
): Promise<void> {
  if (changes.email && !errors.email) {
    const holders = await withTables<IdentityTables>(services.db)
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', changes.email)
      .where('id', '<>', userId)
      .execute();
    const reservation = await services.store.readStream(usernameStream(normaliseUsername(changes.email)));
    const owner = firstEventData(reservation, 'UsernameReserved')?.userId;
    if (holders.length > 0 || (owner !== undefined && owner !== userId))
      (errors.email ??= []).push(PROFILE_TEXTS.emailTaken);
  }
  if (changes.phone && !errors.phone) {
    const owners = await ownersOfPhone(services.db, changes.phone.replace(/\D/g, ''));
    if (owners.some((owner) => owner !== userId)) (errors.phone ??= []).push(PROFILE_TEXTS.phoneTaken);
  }
}

/**
 * Sends the code that confirms a new contact. Within the minute's resend pause of that contact the
 * profile is still saved; the user asks for a code again from the confirmation screens.
 */
async function startConfirmation(
  codes: CodeDeps,
  userId: string,
  kind: 'email' | 'phone',
  value: string,
): Promise<boolean> {
  const digits = value.replace(/\D/g, '');
  try {
    if (kind === 'email')
      await issueCode(codes, { purpose: 'email', subject: value }, userId, {
        channel: 'email',
        to: value,
        digits: 6,
        compose: (code) => ({
          subject: 'Sabaq: подтверждение e-mail',
          text: `Код подтверждения: ${code}. Ссылка: /email/confirm?${new URLSearchParams({ email: value, code }).toString()}`,
        }),
      });
    else
      await issueCode(codes, { purpose: 'phone', subject: digits }, userId, {
        channel: 'sms',
        to: digits,
        digits: 4,
        compose: (code) => ({ subject: '', text: `Sabaq: код подтверждения телефона ${code}` }),
      });
    return true;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return false;
    throw error;
  }
}
