import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@sabaq/events';
import { ValidationError } from '../../../platform/errors';
import { bearerToken } from '../../../platform/http/authenticate';
import type { ContextServices } from '../../../platform/context';
import type { AuthenticateRequest } from '../authenticated';
import { handleAccount } from '../challenges/account';
import { limitedPerSubject } from '../rate-limits';
import { findById } from '../recovery/accounts';
import { sendRecoveryCode } from '../recovery/routes';
import type { CodeSender } from './code-sender';
import { issueCode, verifyCode, type CodeDeps } from './codes';
import { PhoneExistsError, PhoneNotExistsError } from './errors';
import { ownersOfPhone, phoneDigits } from './phone';

const phone = z.string().trim().min(1).max(32);
const code = z.string().trim().min(1).max(32);
const email = z.email().max(255);
const byPhone = (body: Record<string, unknown>) => body.phone;

function digitsOf(value: string): string {
  const digits = phoneDigits(value);
  if (!digits) throw new ValidationError('Неверный номер телефона', { phone: ['Неверный номер телефона'] });
  return digits;
}

/**
 * Phone codes (registration, a signed-in user's new phone, and recovery by phone) and e-mail
 * confirmation. A confirmed phone or e-mail of a signed-in user is recorded on their account stream.
 */
export async function verificationRoutes(
  root: FastifyInstance,
  services: ContextServices,
  sender: CodeSender,
  authenticated: AuthenticateRequest,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps: CodeDeps = { ...services, sender };
  // Registration asks anonymously; a signed-in user asks for their own new phone.
  const callerIfAny = async (request: FastifyRequest) =>
    bearerToken(request) ? (await authenticated(request)).caller : undefined;

  app.post(
    '/api/phone/request.json',
    {
      schema: {
        body: z.object({ phone, action_type: z.enum(['register', 'password']).default('register') }),
        response: { 200: messageAnswer },
      },
      config: limitedPerSubject(5, byPhone),
    },
    async (request) => {
      const caller = await callerIfAny(request);
      const digits = digitsOf(request.body.phone);
      const owners = await ownersOfPhone(services.db, digits);
      if (request.body.action_type === 'password') {
        // Recovery by phone: the phone must be someone's; the code goes into that user's recovery flow.
        const user = owners.length === 1 ? await findById(services.db, owners[0]!) : undefined;
        if (!user) throw new PhoneNotExistsError();
        await sendRecoveryCode(deps, user);
        return { message: 'Код отправлен' };
      }
      if (owners.some((owner) => owner !== caller?.userId)) throw new PhoneExistsError();
      await issueCode(deps, { purpose: 'phone', subject: digits }, caller?.userId ?? null, {
        channel: 'sms',
        to: digits,
        digits: 4,
        compose: (value) => ({ subject: '', text: `Sabaq: код подтверждения телефона ${value}` }),
      });
      return { message: 'Код отправлен' };
    },
  );

  app.post(
    '/api/phone/confirm.json',
    {
      schema: { body: z.object({ phone, code }), response: { 200: messageAnswer } },
      config: limitedPerSubject(10, byPhone),
    },
    async (request) => {
      const digits = digitsOf(request.body.phone);
      const state = await verifyCode(deps, { purpose: 'phone', subject: digits }, 'check', request.body.code);
      const at = services.clock().toISOString();
      if (state.userId)
        await handleAccount(services, state.userId, {
          type: 'ConfirmPhone',
          data: { userId: state.userId, phone: digits, confirmedAt: at },
        });
      return { message: 'Телефон подтвержден' };
    },
  );

  app.post(
    '/api/email/request.json',
    {
      schema: { body: z.object({ email }), response: { 200: messageAnswer } },
      config: limitedPerSubject(5, (b) => b.email),
    },
    async (request) => {
      const { caller } = await authenticated(request);
      const to = request.body.email.toLowerCase();
      await issueCode(deps, { purpose: 'email', subject: to }, caller.userId, {
        channel: 'email',
        to,
        digits: 6,
        compose: (value) => ({
          subject: 'Sabaq: подтверждение e-mail',
          text: `Код подтверждения: ${value}. Ссылка: /email/confirm?${new URLSearchParams({ email: to, code: value }).toString()}`,
        }),
      });
      return { message: 'Письмо отправлено' };
    },
  );

  // Reached from the link in the e-mail, possibly in another browser: the code itself proves the address.
  app.post(
    '/api/email/confirm.json',
    {
      schema: { body: z.object({ email, code }), response: { 200: messageAnswer } },
      config: limitedPerSubject(10, (b) => b.email),
    },
    async (request) => {
      const to = request.body.email.toLowerCase();
      const state = await verifyCode(deps, { purpose: 'email', subject: to }, 'check', request.body.code);
      if (state.userId)
        await handleAccount(services, state.userId, {
          type: 'ConfirmEmail',
          data: { userId: state.userId, email: to, confirmedAt: services.clock().toISOString() },
        });
      return { message: 'E-mail подтвержден' };
    },
  );
}
