import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  entitiesAnswer,
  entityAnswer,
  noContentAnswer,
  oauthApplication,
  redirectAnswer,
  tokenAnswer,
} from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import { bearerToken } from '../../../platform/http/authenticate';
import { handleRecordCommand } from '../../../platform/http/records/commands';
import { recordId } from '../../../platform/http/records/list-query';
import { readModelCacheOf } from '../../../platform/read-models/read-model-cache';
import type { IdentityAuth } from '../auth-service';
import { oauthApplications, publicApplication, type ApplicationRow } from './collection';
import { OAuthRefusedError } from './errors';
import { finishSignIn, redeemHandoff, startSignIn } from './flow';

const COOKIE = 'sabaq_oauth';
const COOKIE_PATH = '/api/oauth-applications';
const idParams = z.object({ id: recordId });
const collection = oauthApplications.collection;

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

function setCookie(reply: FastifyReply, request: FastifyRequest, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  // Lax: the provider's redirect back is a top-level GET, which carries it; other sites' requests do not.
  void reply.header(
    'set-cookie',
    `${COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`,
  );
}

/** Where a navigation ends: the web app's index, whose authentication modal shows the OAuth view. */
function toWebApp(reply: FastifyReply, params: Record<string, string>) {
  return reply.redirect(`/?${new URLSearchParams({ action: 'oauth', ...params }).toString()}`, 302);
}

/**
 * Sign-in through external OAuth applications (docs/identity.md): the public list the login modal shows
 * (GET, `entities` / `resource`), the admin's registration of applications (POST, PUT, DELETE: commands
 * of the record collection), the challenge link, the provider's callback, and the redemption of the
 * one-time code the callback hands the browser.
 */
export async function oauthRoutes(
  root: FastifyInstance,
  services: ContextServices,
  auth: Pick<IdentityAuth, 'signIn'>,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['oauth-applications'];
  const rowOf = async (id: string): Promise<ApplicationRow | undefined> =>
    (await services.db
      .selectFrom(collection.table)
      .selectAll()
      .where('id', '=', id)
      .where('deleted', '=', false)
      .executeTakeFirst()) as ApplicationRow | undefined;
  const activeRow = async (id: string) => {
    const row = await rowOf(id);
    if (!row || !row.is_active) throw new OAuthRefusedError('application');
    return row;
  };
  const command = async (request: FastifyRequest, run: Parameters<typeof handleRecordCommand>[2]) => {
    try {
      await handleRecordCommand(services, collection, run, request.caller!);
    } finally {
      readModelCacheOf(services.db)?.changed(collection.projection);
    }
  };

  /** An admin's token (optional on the public list) also lists the applications switched off. */
  const isAdmin = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return false;
    const caller = await services.authenticator.verifyAccessToken(token).catch(() => null);
    return caller?.group === 'admin';
  };

  app.get(
    '/api/oauth-applications',
    { schema: { tags, response: { 200: entitiesAnswer(oauthApplication) } } },
    async (request) => {
      let query = services.db.selectFrom(collection.table).selectAll().where('deleted', '=', false);
      if (!(await isAdmin(request))) query = query.where('is_active', '=', true);
      const rows = (await query.orderBy('name').execute()) as ApplicationRow[];
      return { entities: rows.map((row) => publicApplication(row)) };
    },
  );
  app.get(
    '/api/oauth-applications/:id',
    { schema: { tags, params: idParams, response: { 200: z.looseObject({ resource: oauthApplication }) } } },
    async (request) => {
      const row = await rowOf(request.params.id);
      if (!row) throw new NotFoundError('Приложение не найдено');
      // 001 §7: a single application is answered under `resource`.
      return { resource: publicApplication(row) };
    },
  );

  app.post(
    '/api/oauth-applications',
    { schema: { tags, body: collection.create, response: { 201: entityAnswer(oauthApplication) } } },
    async (request, reply) => {
      const id = services.newId();
      await command(request, { type: 'create', id, data: request.body });
      return reply.status(201).send({ entity: publicApplication((await rowOf(id))!) });
    },
  );
  app.put(
    '/api/oauth-applications/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: collection.update,
        response: { 200: entityAnswer(oauthApplication) },
      },
    },
    async (request) => {
      if (!(await rowOf(request.params.id))) throw new NotFoundError('Приложение не найдено');
      await command(request, { type: 'update', id: request.params.id, changes: request.body });
      return { entity: publicApplication((await rowOf(request.params.id))!) };
    },
  );
  app.delete(
    '/api/oauth-applications/:id',
    { schema: { tags, params: idParams, response: { 204: noContentAnswer } } },
    async (request, reply) => {
      if (!(await rowOf(request.params.id))) throw new NotFoundError('Приложение не найдено');
      await command(request, { type: 'delete', id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/oauth-applications/challenge/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ return_url: z.string().max(2000).optional() }),
        response: { 302: redirectAnswer },
      },
    },
    async (request, reply) => {
      let row: ApplicationRow;
      try {
        row = await activeRow(request.params.id);
      } catch (error) {
        if (error instanceof OAuthRefusedError) return toWebApp(reply, { oauth_error: error.message });
        throw error;
      }
      const redirectUri =
        row.redirect_uri ?? `${request.protocol}://${request.host}/api/oauth-applications/callback/${row.id}`;
      const { location, browserSecret } = await startSignIn(
        services,
        row,
        redirectUri,
        request.query.return_url,
      );
      setCookie(reply, request, browserSecret, 600);
      void reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/api/oauth-applications/callback/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({
          code: z.string().max(4000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
        response: { 302: redirectAnswer },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        const row = await activeRow(request.params.id);
        const { handoff, returnUrl } = await finishSignIn(services, row, request.query, cookieOf(request));
        return toWebApp(reply, { oauth_code: handoff, ...(returnUrl ? { redirect_url: returnUrl } : {}) });
      } catch (error) {
        if (error instanceof OAuthRefusedError) return toWebApp(reply, { oauth_error: error.message });
        throw error;
      }
    },
  );

  app.post(
    '/api/oauth-applications/sign-in.json',
    {
      schema: {
        tags,
        body: z.object({ code: z.string().min(1).max(200) }).strict(),
        response: { 200: tokenAnswer },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const answer = await redeemHandoff(services, auth, request.body.code, cookieOf(request));
      setCookie(reply, request, '', 0);
      return answer;
    },
  );
}
