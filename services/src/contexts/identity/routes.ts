import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, NotFoundError } from '../../platform/errors';
import { bearerToken, refusePendingChallenges } from '../../platform/http/authenticate';
import type { Caller } from '../../platform/http/caller';
import type { ContextServices } from '../../platform/context';
import { IdentityAuth } from './auth-service';
import { schoolsOfUser, userView } from './directory/queries';
import { InvalidCredentialsError, InvalidTokenError } from './errors';
import { SignInFailureBudget, signInFailureLimits } from './sign-in-failures';
import type { AuthenticateRequest } from './authenticated';
import { challengeRoutes } from './challenges/routes';
import { registerCollections } from '../../platform/http/records/routes';
import { inviteCodes } from './invites/collection';
import { registrationRoutes } from './registration/routes';
import {
  SIGNATURE_CLIENT_ID,
  SIGNATURE_GRANT,
  signatureRateSubject,
  signInWithSignature,
} from './signature/grant';
import { signatureRoutes } from './signature/routes';
import { passwordRoutes } from './password-routes';
import { profileRoutes } from './profile/profile-routes';
import { recoveryRoutes } from './recovery/routes';
import { embeddedCodeSender } from './verification/code-sender';
import { verificationRoutes } from './verification/routes';
import { identityRecordAccess } from './access-rules';
import {
  entitiesAnswer,
  entityAnswer,
  messageAnswer,
  schoolSummary,
  signedInUser,
  tokenAnswer,
} from '@sabaq/events';

/** The password grant's client (the web app), as the specification fixes it. */
const PASSWORD_CLIENT_ID = '2';

const clientId = z.union([z.string(), z.number()]).transform(String);
const tokenBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    client_id: clientId,
    client_secret: z.string().optional(),
    scope: z.string().default('*'),
    username: z.string().trim().min(1).max(255),
    password: z.string().min(1).max(1024),
    // Accepted so the web client's payload validates; checking it needs the captcha provider's key.
    recaptcha_token: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: clientId,
    client_secret: z.string().optional(),
    scope: z.string().default('*'),
    refresh_token: z.string().min(1).max(512),
  }),
  // Sign-in by digital signature (signature/grant.ts): base64 of the signed authentication document.
  z.object({
    grant_type: z.literal(SIGNATURE_GRANT),
    client_id: clientId,
    client_secret: z.string().optional(),
    scope: z.string().default('*'),
    signature: z.string().min(1).max(100_000),
  }),
]);

function rateLimitSubject(body: unknown): string {
  const fields = (body ?? {}) as { username?: unknown; refresh_token?: unknown; signature?: unknown };
  if (typeof fields.username === 'string') return `user:${fields.username.trim().toLowerCase()}`;
  if (typeof fields.signature === 'string') return `signer:${signatureRateSubject(fields.signature)}`;
  if (typeof fields.refresh_token === 'string') return `session:${fields.refresh_token.split('.')[0]}`;
  return '';
}

/** Requests authenticated by this context keep their session, which logout and school choice act on. */
interface Authenticated {
  caller: Caller;
  sessionId: string;
}

export async function identityRoutes(root: FastifyInstance, services: ContextServices): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth =
    services.authenticator instanceof IdentityAuth ? services.authenticator : new IdentityAuth(services);

  // The web client posts the token request as a form; only this context's routes need the parser.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await app.register(rateLimit, { global: false });

  const authenticated: AuthenticateRequest = async (request, options = {}): Promise<Authenticated> => {
    const token = bearerToken(request);
    if (!token) throw new InvalidTokenError();
    const found = await auth.sessionOf(token);
    if (!options.allowPendingChallenges) refusePendingChallenges(found.caller);
    request.caller = found.caller;
    return found;
  };
  const withChallenges = (request: FastifyRequest) =>
    authenticated(request, { allowPendingChallenges: true });

  const signInFailures = new SignInFailureBudget(signInFailureLimits());
  app.post(
    '/oauth/token',
    {
      schema: { body: tokenBody, response: { 200: tokenAnswer } },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // After body parsing, so that the key can name the username being tried.
          hook: 'preHandler',
          // A whole school often shares one address, so the key also names who is trying: the username
          // being guessed, or the session being refreshed.
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${rateLimitSubject(request.body)}`,
          errorResponseBuilder: () => new DomainError('Превышен лимит запросов', 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Tokens must never be kept by a shared cache (RFC 6749, section 5.1).
      void reply.header('cache-control', 'no-store');
      if (body.grant_type === SIGNATURE_GRANT) {
        if (body.client_id !== SIGNATURE_CLIENT_ID)
          throw new DomainError('Client authentication failed', 401);
        return signInWithSignature(services, auth, body.signature);
      }
      if (body.client_id !== PASSWORD_CLIENT_ID) throw new DomainError('Client authentication failed', 401);
      if (body.grant_type === 'refresh_token') return auth.refresh(body.refresh_token);
      try {
        return await auth.login(body.username, body.password);
      } catch (error) {
        if (error instanceof InvalidCredentialsError) signInFailures.failed(request.ip);
        throw error;
      }
    },
  );

  const logout = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new InvalidTokenError();
    // A token whose session already ended still names it: logging out again succeeds and changes nothing.
    await auth.logout(await auth.sessionIdOf(token));
    return { message: 'OK' };
  };
  const logoutSchema = { schema: { response: { 200: messageAnswer } } };
  app.post('/oauth/logout', logoutSchema, logout);
  app.post('/logout.json', logoutSchema, logout);

  app.get(
    '/api/user.json',
    {
      schema: {
        querystring: z.object({ extended: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: entityAnswer(signedInUser) },
      },
    },
    async (request) => {
      // The web client reads the user first, then sees is_need_complete_challenge and opens the challenges.
      const { caller } = await withChallenges(request);
      const extended = request.query.extended === '1' || request.query.extended === 'true';
      const entity = await userView(services.db, services.store, caller.userId, caller.schoolId, {
        extended,
      });
      if (!entity) throw new NotFoundError('Пользователь не найден');
      // From the account stream the caller was just read from, so a completed challenge shows at once.
      return { entity: { ...entity, is_need_complete_challenge: caller.pendingChallenges.length > 0 } };
    },
  );

  app.get(
    '/api/schools.json',
    { schema: { response: { 200: entitiesAnswer(schoolSummary) } } },
    async (request) => {
      const { caller } = await authenticated(request);
      return { entities: await schoolsOfUser(services.db, caller.userId) };
    },
  );

  // Answers the updated user: the session's school changes in place, so the tokens the client holds stay
  // valid and name the new school from the next request on (the web client reloads the page).
  app.post(
    '/api/select-school.json',
    {
      schema: {
        body: z.object({ school_id: z.union([z.string(), z.number()]).transform(String) }),
        response: { 200: entityAnswer(signedInUser) },
      },
    },
    async (request) => {
      const { caller, sessionId } = await authenticated(request);
      await auth.selectSchool(caller, sessionId, request.body.school_id);
      const entity = await userView(services.db, services.store, caller.userId, request.body.school_id, {
        extended: true,
      });
      if (!entity) throw new NotFoundError('Пользователь не найден');
      return { entity };
    },
  );

  await passwordRoutes(app, services, withChallenges);
  await profileRoutes(app, services, embeddedCodeSender, authenticated);
  await recoveryRoutes(app, services, embeddedCodeSender);
  await verificationRoutes(app, services, embeddedCodeSender, authenticated);
  await challengeRoutes(app, services, embeddedCodeSender, authenticated);
  await registrationRoutes(app, services, auth, authenticated);
  await signatureRoutes(app, services, authenticated);
  await registerCollections(app, services, [inviteCodes], identityRecordAccess);
}
