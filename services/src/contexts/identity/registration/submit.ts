import { hash } from '@node-rs/argon2';
import { DomainError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import type { IdentityAuth, TokenAnswer } from '../auth-service';
import { handleCommand } from '../../../platform/commands/handle-command';
import { ConflictError } from '../../../platform/errors';
import { releaseInviteUse, useInviteCode } from '../invites/commands';
import { registerUser } from '../register';
import { codeDecider } from '../verification/code-decider';
import { codeStream } from '../verification/codes';
import { WrongCodeError } from '../verification/errors';
import { REGISTER_TEXTS, type CheckedRegistration } from './check';
import { usernameFor } from './username';

/**
 * Carries out a checked registration: takes a use of the invite (of two registrations racing for the
 * last use, one gets it and the other a 422), spends the phone's confirmed code, registers the user
 * in the invite's school and group, and signs them in. A step that fails after the invite's use was
 * taken gives the use back.
 */
export async function submitRegistration(
  services: ContextServices,
  auth: IdentityAuth,
  registration: CheckedRegistration,
): Promise<TokenAnswer & { username: string }> {
  const userId = services.newId();
  const contacts = [registration.email, registration.phone].filter((c): c is string => c !== null);
  const invite = await useInviteCode(services, registration.inviteCode, {
    userId,
    purpose: 'register',
    contacts,
  });
  let username: string;
  try {
    if (registration.phone) await spendPhoneCode(services, registration.phone);
    const passwordHash = await hash(registration.password);
    username = await registerWithUsername(registration, async (name) =>
      registerUser(services.store, {
        userId,
        username: name,
        group: invite.group,
        schoolIds: [invite.school_id],
        firstname: registration.firstname,
        lastname: registration.lastname,
        patronymic: registration.patronymic,
        email: registration.email,
        phone: registration.phone && `+${registration.phone}`,
        color: null,
        photo: null,
        passwordHash,
        registeredAt: services.clock().toISOString(),
      }),
    );
  } catch (error) {
    await releaseInviteUse(services, invite.id, userId);
    throw error;
  }
  // The same answer as the password grant: the new user is signed in with the password just chosen.
  return { ...(await auth.login(username, registration.password)), username };
}

/** A registration of the same phone at the same moment: the code is spent once, the other one is refused. */
async function spendPhoneCode(services: ContextServices, digits: string): Promise<void> {
  const at = services.clock().toISOString();
  const { events } = await handleCommand(
    services.store,
    codeStream({ purpose: 'phone', subject: digits }),
    codeDecider,
    { type: 'UseCode', code: null, at },
    { eventId: () => services.newId() },
  ).catch((error: unknown) => {
    if (error instanceof DomainError && error.httpStatus === 409)
      throw new WrongCodeError('Код уже использован, запросите новый');
    throw error;
  });
  if (!events.some((e) => e.type === 'VerificationCodeUsed')) throw new WrongCodeError();
}

/** Tries the username the person gets; a generated one is drawn again on a clash, a given one is a 422. */
async function registerWithUsername(
  registration: CheckedRegistration,
  register: (username: string) => Promise<void>,
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const { username, generated } = usernameFor(registration);
    try {
      await register(username);
      return username;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      if (generated && attempt < 5) continue;
      if (registration.email)
        throw new DomainError(REGISTER_TEXTS.emailTaken, 422, 422, { email: [REGISTER_TEXTS.emailTaken] });
      if (registration.phone)
        throw new DomainError(REGISTER_TEXTS.phoneTaken, 422, 9101, { phone: [REGISTER_TEXTS.phoneTaken] });
      throw error;
    }
  }
}
