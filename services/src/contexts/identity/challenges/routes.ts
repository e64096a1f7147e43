import { CHALLENGE_TYPES } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  challengeRecord,
  entitiesAnswer,
  entityAnswer,
  messageAnswer,
  personalDataSessionAnswer,
} from '@sabaq/events';
import { DomainError, NotFoundError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import type { AuthenticateRequest } from '../authenticated';
import type { CodeSender } from '../verification/code-sender';
import { issueCode, verifyCode, type CodeDeps } from '../verification/codes';
import { phoneDigits } from '../verification/phone';
import { verifyPolicySignature } from '../signature/policy-signature';
import { requireRankOver } from '../rank';
import { accountOf, assignChallenge, handleAccount } from './account';
import { pendingChallenges } from './account-decider';

const pending = { allowPendingChallenges: true };
const sessionId = z.string().trim().min(1).max(64);

/** Base64 as the signing application returns it; the signature itself is checked by the route. */
const base64 = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => s.length > 0 && s.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(s), {
    message: 'Подпись должна быть в base64',
  });

/** The challenge calls; every one of them is open to a caller whose challenges are pending. */
export async function challengeRoutes(
  root: FastifyInstance,
  services: ContextServices,
  sender: CodeSender,
  authenticated: AuthenticateRequest,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps: CodeDeps = { ...services, sender };
  const personalData = (userId: string) => ({ purpose: 'personal_data' as const, subject: userId });
  const done = { message: 'OK' };

  // The web client walks the pending ones in order and refetches after each: completed ones drop out.
  app.get(
    '/api/user/challenges',
    { schema: { response: { 200: entitiesAnswer(challengeRecord) } } },
    async (request) => {
      const { caller } = await authenticated(request, pending);
      const account = await accountOf(services.store, caller.userId);
      const order = pendingChallenges(account);
      const entities = account.challenges
        .filter((c) => !c.is_completed)
        .sort((a, b) => order.indexOf(a.challenge) - order.indexOf(b.challenge));
      return { entities };
    },
  );

  app.get(
    '/api/user/challenges/:id',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: entityAnswer(challengeRecord) },
      },
    },
    async (request) => {
      const { caller } = await authenticated(request, pending);
      const account = await accountOf(services.store, caller.userId);
      const entity = account.challenges.find((c) => c.id === request.params.id);
      if (!entity) throw new NotFoundError('Задание не найдено');
      return { entity };
    },
  );

  app.post(
    '/api/user/challenge/sign-privacy-policy',
    {
      schema: {
        body: z.object({ document: z.string().min(1).max(100_000), signature: base64 }),
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const { caller } = await authenticated(request, pending);
      await verifyPolicySignature(services, caller.userId, request.body.document, request.body.signature);
      const data = { userId: caller.userId, ...request.body, signedAt: services.clock().toISOString() };
      await handleAccount(services, caller.userId, { type: 'SignPrivacyPolicy', data });
      return done;
    },
  );

  app.post(
    '/api/edoc/create-request-personal-data',
    {
      schema: {
        body: z.object({ phone: z.string().trim().min(1).max(32) }),
        response: { 200: personalDataSessionAnswer },
      },
    },
    async (request) => {
      const { caller } = await authenticated(request, pending);
      const digits = phoneDigits(request.body.phone);
      // The web client shows 'subject not found' on 404 and lets the user type another phone.
      if (!digits) throw new DomainError('Субъект с таким телефоном не найден', 404);
      const session_id = await issueCode(deps, personalData(caller.userId), caller.userId, {
        channel: 'sms',
        to: digits,
        // The personal-data screen asks for a 6-digit code, unlike the 4-digit SMS widget elsewhere.
        digits: 6,
        compose: (code) => ({
          subject: '',
          text: `Sabaq: код согласия на запрос персональных данных ${code}`,
        }),
      });
      return { session_id };
    },
  );

  app.post(
    '/api/edoc/verify-request-personal-data',
    {
      schema: {
        body: z.object({ otp_code: z.string().trim().min(4).max(32), session_id: sessionId }),
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const { caller } = await authenticated(request, pending);
      const { otp_code, session_id } = request.body;
      await verifyCode(deps, personalData(caller.userId), 'check', otp_code, session_id);
      return done;
    },
  );

  app.post(
    '/api/user/challenge/request-personal-data',
    { schema: { body: z.object({ session_id: sessionId }), response: { 200: messageAnswer } } },
    async (request) => {
      const { caller } = await authenticated(request, pending);
      const sessionIdValue = request.body.session_id;
      const code = await verifyCode(deps, personalData(caller.userId), 'use', null, sessionIdValue);
      const data = {
        userId: caller.userId,
        sessionId: sessionIdValue,
        phone: code.recipient,
        confirmedAt: services.clock().toISOString(),
      };
      await handleAccount(services, caller.userId, { type: 'ConfirmPersonalDataRequest', data });
      return done;
    },
  );

  // An admin, or a manager of the user's school, asks a user to complete a challenge at next sign-in;
  // a manager never about an admin or another manager (rank.ts).
  app.post(
    '/api/users/:id/challenges.json',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({ challenge: z.enum(CHALLENGE_TYPES) }),
        response: { 200: entitiesAnswer(challengeRecord) },
      },
    },
    async (request) => {
      const { caller } = await authenticated(request);
      const userId = request.params.id;
      await requireRankOver(services, caller, userId);
      await assignChallenge(services, userId, request.body.challenge, caller.userId);
      return { entities: (await accountOf(services.store, userId)).challenges };
    },
  );
}
