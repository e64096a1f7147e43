import { sql } from 'kysely';
import { z } from 'zod';
import { DomainError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import { loadState } from '../../../platform/commands/decider';
import { normaliseUsername } from '../ids';
import { INVITE_REFUSALS } from '../invites/errors';
import { inviteByCode } from '../invites/commands';
import { refusalOf, type Invite } from '../invites/invite-decider';
import { usernameStream } from '../user-decider';
import { codeDecider } from '../verification/code-decider';
import { codeStream } from '../verification/codes';
import { ownersOfPhone, phoneDigits } from '../verification/phone';
import { agreed, type RegisterPayload } from './payload';
import { withTables } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';

export const MIN_PASSWORD = 6;

export const REGISTER_TEXTS = {
  firstname: 'Введите имя',
  lastname: 'Введите фамилию',
  password: 'Введите пароль',
  shortPassword: `Минимальная длина пароля ${MIN_PASSWORD} символов`,
  email: 'Неверный адрес электронной почты',
  emailTaken: 'Пользователь с таким e-mail уже существует',
  agree: 'Необходимо согласие на обработку персональных данных',
  phone: 'Неверный номер телефона',
  phoneTaken: 'Пользователь с таким телефоном уже существует',
  phoneUnconfirmed: 'Подтвердите номер телефона кодом из SMS',
  invalid: 'Проверьте введенные данные',
} as const;

/** A registration that passed every check, ready to be carried out. */
export interface CheckedRegistration {
  inviteCode: string;
  invite: Invite;
  firstname: string;
  lastname: string;
  patronymic: string | null;
  /** Lower case. */
  email: string | null;
  /** Digits only. */
  phone: string | null;
  password: string;
}

/**
 * Every check of the registration form, reported together per field. The status code tells the web
 * client which notification to show: 9101 when the only problem is a phone somebody has, 9103 when it
 * is an unconfirmed phone, 422 otherwise. `unknownCode` is told when the invite code names nothing
 * (the route counts those against guessing).
 */
export async function checkRegistration(
  services: Pick<ContextServices, 'store' | 'db' | 'clock'>,
  body: RegisterPayload,
  onUnknownCode: () => void = () => undefined,
): Promise<CheckedRegistration> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, text: string) => void (errors[field] ??= []).push(text);
  const at = services.clock().toISOString();

  const inviteCode = body.invite_code?.trim() ?? '';
  let invite: Invite | undefined;
  if (!inviteCode) fail('invite_code', INVITE_REFUSALS.required);
  else {
    const { state } = await inviteByCode(services.store, inviteCode);
    const refusal = refusalOf(state, at);
    if (refusal === 'unknown') onUnknownCode();
    if (refusal) fail('invite_code', INVITE_REFUSALS[refusal]);
    else if (state.status === 'live') invite = state.invite;
  }

  const firstname = body.firstname?.trim() ?? '';
  const lastname = body.lastname?.trim() ?? '';
  if (!lastname) fail('lastname', REGISTER_TEXTS.lastname);
  if (!firstname) fail('firstname', REGISTER_TEXTS.firstname);
  const patronymic = body.patronymic?.trim() || null;

  const email = body.email?.trim().toLowerCase() || null;
  if (email && !z.email().safeParse(email).success) fail('email', REGISTER_TEXTS.email);
  else if (email && (await emailTaken(services, email))) fail('email', REGISTER_TEXTS.emailTaken);

  const password = body.password ?? '';
  if (!password) fail('password', REGISTER_TEXTS.password);
  else if (password.length < MIN_PASSWORD) fail('password', REGISTER_TEXTS.shortPassword);

  if (!agreed(body.agree)) fail('agree', REGISTER_TEXTS.agree);

  let phone: string | null = null;
  const givenPhone = body.phone?.trim();
  if (givenPhone) {
    phone = phoneDigits(givenPhone);
    if (!phone) fail('phone', REGISTER_TEXTS.phone);
    else if ((await ownersOfPhone(services.db, phone)).length > 0) fail('phone', REGISTER_TEXTS.phoneTaken);
    else if (!(await phoneConfirmedForRegistration(services, phone)))
      fail('verification', REGISTER_TEXTS.phoneUnconfirmed);
  }

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const only = fields.length === 1 ? errors[fields[0]!]! : undefined;
    const code = only === undefined ? 422 : statusCodeOf(fields[0]!, only[0]!);
    throw new DomainError(only?.[0] ?? REGISTER_TEXTS.invalid, 422, code, errors);
  }
  return { inviteCode, invite: invite!, firstname, lastname, patronymic, email, phone, password };
}

/** The web client's notifications: 9101 phone exists, 9103 code not verified (section 8 of the spec). */
function statusCodeOf(field: string, text: string): number {
  if (field === 'phone' && text === REGISTER_TEXTS.phoneTaken) return 9101;
  if (field === 'verification') return 9103;
  return 422;
}

/** Someone has this e-mail, as their address or as their username. */
async function emailTaken(services: Pick<ContextServices, 'store' | 'db'>, email: string): Promise<boolean> {
  if ((await services.store.streamVersion(usernameStream(normaliseUsername(email)))) >= 0) return true;
  const row = await withTables<IdentityTables>(services.db)
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The phone was confirmed through /api/phone/request.json + /api/phone/confirm.json by someone not signed
 * in (the registration form), the code is still fresh and was not spent on another registration.
 */
export async function phoneConfirmedForRegistration(
  services: Pick<ContextServices, 'store' | 'clock'>,
  digits: string,
): Promise<boolean> {
  const { state } = await loadState(
    services.store,
    codeStream({ purpose: 'phone', subject: digits }),
    codeDecider,
  );
  return (
    state.status === 'issued' &&
    state.userId === null &&
    state.confirmed &&
    !state.used &&
    services.clock().toISOString() < state.expiresAt
  );
}
