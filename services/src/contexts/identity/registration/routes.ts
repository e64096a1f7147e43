import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entitiesAnswer, messageAnswer, registrationAnswer, schoolSummary } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import type { IdentityAuth } from '../auth-service';
import type { AuthenticateRequest } from '../authenticated';
import { inviteCodeKey } from '../invites/code';
import { limitedPerSubject } from '../rate-limits';
import { attachSchool } from './attach-school';
import { checkRegistration } from './check';
import { GuessBudget } from './guessing';
import { registerPayload } from './payload';
import { submitRegistration } from './submit';

/** Per address and invite code: a class registering together behind one address shares a code, not a budget. */
const byInviteCode = (body: Record<string, unknown>) =>
  inviteCodeKey(typeof body.invite_code === 'string' ? body.invite_code : '') ?? '';

/**
 * Sign-up with an invite code (the authentication modal's register view) and joining another school
 * with one (the school selection modal). See docs/identity.md.
 */
export async function registrationRoutes(
  root: FastifyInstance,
  services: ContextServices,
  auth: IdentityAuth,
  authenticated: AuthenticateRequest,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guesses = new GuessBudget();
  const check = (request: FastifyRequest, body: z.infer<typeof registerPayload>) => {
    guesses.check(request);
    return checkRegistration(services, body, () => guesses.miss(request));
  };

  app.post(
    '/api/register/validate.json',
    {
      schema: { body: registerPayload, response: { 200: messageAnswer } },
      config: limitedPerSubject(20, byInviteCode),
    },
    async (request) => {
      await check(request, request.body);
      return { message: 'Данные заполнены верно' };
    },
  );

  app.post(
    '/api/register/submit.json',
    {
      schema: { body: registerPayload, response: { 200: registrationAnswer } },
      config: limitedPerSubject(10, byInviteCode),
    },
    async (request, reply) => {
      const registration = await check(request, request.body);
      const answer = await submitRegistration(services, auth, registration);
      // Tokens must never be kept by a shared cache (RFC 6749, section 5.1).
      void reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/api/attach-school.json',
    {
      // Authenticate before validating: a stranger learns nothing, not even the form's rules.
      preValidation: async (request) => void (await authenticated(request)),
      schema: {
        body: z.object({ invite_code: z.string().max(64).optional() }),
        response: { 200: entitiesAnswer(schoolSummary) },
      },
      config: limitedPerSubject(10, byInviteCode),
    },
    async (request) => {
      guesses.check(request);
      const entities = await attachSchool(
        services,
        request.caller!.userId,
        request.body.invite_code ?? '',
        () => guesses.miss(request),
      );
      return { entities };
    },
  );
}
