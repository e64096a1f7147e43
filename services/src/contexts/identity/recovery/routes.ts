import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer, recoveryMethodAnswer } from '@sabaq/events';
import { ValidationError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import { limitedPerSubject } from '../rate-limits';
import type { CodeSender } from '../verification/code-sender';
import { issueCode, verifyCode, type CodeDeps } from '../verification/codes';
import { WrongCodeError } from '../verification/errors';
import { phoneDigits } from '../verification/phone';
import { findByUsername, nameProvesUser, verificationTypeOf, type RecoverableUser } from './accounts';
import { withNewPassword } from './password-body';
import { setPassword } from './set-password';

const username = z.string().trim().min(1).max(255);
const name = z.string().trim().min(1).max(255);
const actionCode = z.string().trim().min(1).max(32);
const byUsername = (body: Record<string, unknown>) => body.username;
const CHANGED = { message: 'Пароль успешно изменен' };

/** Sends the recovery code the way verificationTypeOf chose: an SMS, or an e-mail with a link. */
export async function sendRecoveryCode(deps: CodeDeps, user: RecoverableUser) {
  const of = { purpose: 'password' as const, subject: user.id };
  const phone = user.phone ? phoneDigits(user.phone) : null;
  if (phone) {
    await issueCode(deps, of, user.id, {
      channel: 'sms',
      to: phone,
      digits: 4,
      compose: (code) => ({
        subject: '',
        text: `Sabaq: код для смены пароля ${code}. Никому его не сообщайте.`,
      }),
    });
  } else if (user.email) {
    const query = (code: string) =>
      new URLSearchParams({ username: user.username, action_code: code }).toString();
    await issueCode(deps, of, user.id, {
      channel: 'email',
      to: user.email,
      digits: 6,
      compose: (code) => ({
        subject: 'Sabaq: смена пароля',
        text: `Код для смены пароля: ${code}. Ссылка для смены: /password/reset?${query(code)}`,
      }),
    });
  }
}

/** Password recovery for a signed-out user: by a code (SMS or e-mail), or by name when they have neither. */
export async function recoveryRoutes(
  root: FastifyInstance,
  services: ContextServices,
  sender: CodeSender,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps: CodeDeps = { ...services, sender };
  const codeOf = async (login: string, code: string, action: 'check' | 'use') => {
    const user = await findByUsername(services.db, login);
    if (!user) throw new WrongCodeError();
    await verifyCode(deps, { purpose: 'password', subject: user.id }, action, code);
    return user;
  };
  const provenByName = async (body: { username: string; firstname: string; lastname: string }) => {
    const user = await findByUsername(services.db, body.username);
    if (nameProvesUser(user, body.firstname, body.lastname)) return user;
    const text = 'Имя или фамилия указаны неверно';
    throw new ValidationError(text, { firstname: [text], lastname: [text] });
  };

  app.post(
    '/api/password/request-via-code.json',
    {
      schema: { body: z.object({ username }), response: { 200: recoveryMethodAnswer } },
      config: limitedPerSubject(5, byUsername),
    },
    async (request) => {
      const user = await findByUsername(services.db, request.body.username);
      const verification_type = verificationTypeOf(user);
      if (user && verification_type !== 'fullname') await sendRecoveryCode(deps, user);
      return { verification_type };
    },
  );

  app.post(
    '/api/verification/check.json',
    {
      schema: {
        body: z.object({ username, action_code: actionCode, action_type: z.literal('password') }),
        response: { 200: messageAnswer },
      },
      config: limitedPerSubject(10, byUsername),
    },
    async (request) => {
      await codeOf(request.body.username, request.body.action_code, 'check');
      return { message: 'Код подтвержден' };
    },
  );

  app.post(
    '/api/password/change-via-code.json',
    {
      // username names whose code it is: codes are short, so one alone must not identify the account.
      schema: {
        body: withNewPassword({ username, action_code: actionCode }),
        response: { 200: messageAnswer },
      },
      config: limitedPerSubject(10, byUsername),
    },
    async (request) => {
      const user = await codeOf(request.body.username, request.body.action_code, 'use');
      await setPassword(services, user.id, request.body.new_password, null);
      return CHANGED;
    },
  );

  const fullname = { username, firstname: name, lastname: name };
  app.post(
    '/api/password/check-via-fullname.json',
    {
      schema: { body: z.object(fullname), response: { 200: messageAnswer } },
      config: limitedPerSubject(10, byUsername),
    },
    async (request) => {
      await provenByName(request.body);
      return { message: 'OK' };
    },
  );

  app.post(
    '/api/password/change-via-fullname.json',
    {
      schema: { body: withNewPassword(fullname), response: { 200: messageAnswer } },
      config: limitedPerSubject(10, byUsername),
    },
    async (request) => {
      const user = await provenByName(request.body);
      await setPassword(services, user.id, request.body.new_password, null);
      return CHANGED;
    },
  );
}
