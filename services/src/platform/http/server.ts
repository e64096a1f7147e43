import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { rejectTooDeepBody } from './body-depth-guard';
import { errorBody, installErrorHandler } from './error-handler';
import { registerModelFiles } from './model-files';
import { registerOpenApi } from './openapi';
import { parseQueryString } from './records/query-string';
import { rejectUnstorableText } from './records/text-guard';
import type { HealthChecks } from './health';
import type { Authenticator } from './caller';
import { enforceRouteAccess, type RouteAccessTable } from './route-access';
import { registerSecurityHeaders } from './security-headers';
import { describeUndescribedAnswers } from './undescribed-answers';
import { registerWebFiles } from './web-files';

export interface ServerOptions {
  health: HealthChecks;
  logLevel: string;
  /** The built web app, served with history-mode fallback to index.html. */
  webDist?: string;
  /** Context route plugins, registered under the API. */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
  /**
   * When given, every route of the plugins must have a row in `table` (the contexts' rows and the
   * platform's own), which is enforced here (route-access.ts); the platform always gives it, some tests
   * build bare apps of a few routes.
   */
  routeAccess?: { authenticator: Authenticator; table: RouteAccessTable };
}

/** Builds the HTTP server: wiring only; routes come from the contexts. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    requestTimeout: 60_000,
    // Contexts' route plugins start their workers and process managers (migrated read models, a first
    // read of the log): on a loaded machine that can outlast Fastify's 10 s default and abort the start.
    pluginTimeout: 120_000,
    // Bracket-style arrays (ids[]=1&ids[]=2) as the web client sends them.
    routerOptions: { maxParamLength: 300, querystringParser: parseQueryString },
    // A malformed URL (`/api/cities/%ZZ`) is refused by the router before the error handler runs;
    // answer it in the specification's shape too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).status(400).send(errorBody(error.message, 400));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  registerSecurityHeaders(app);

  app.get('/health', async (_request, reply) => {
    const report = await options.health.report();
    return reply.status(report.status === 'down' ? 503 : 200).send(report);
  });

  registerModelFiles(app);

  // OpenAPI must be registered before the routes it describes.
  await registerOpenApi(app);
  const routeAccess = options.routeAccess;
  await app.register(async (scope) => {
    if (routeAccess) enforceRouteAccess(scope, routeAccess.authenticator, routeAccess.table);
    // Every operation documents a 2xx answer; the contexts' own schemas replace the free-form default.
    describeUndescribedAnswers(scope);
    // Every route, not only the record API's: a NUL in a user name must be a 422, not a 500 from PostgreSQL.
    scope.addHook('preValidation', rejectUnstorableText);
    // A body nested thousands deep would overflow the stack of whatever recursive code meets it first.
    scope.addHook('preValidation', rejectTooDeepBody);
    for (const plugin of options.plugins ?? []) await scope.register(plugin);
  });

  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) await registerWebFiles(app, webDist);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = /^\/(api|oauth|ws|docs|health)(\/|$|\?)/.test(url) || url.endsWith('.json');
    if (hasWeb && request.method === 'GET' && !isApi) return reply.sendFile('index.html');
    return reply.status(404).send(errorBody('This page could not be found', 404));
  });
  return app;
}
