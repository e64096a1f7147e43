import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ForbiddenError } from '../errors';
import { bearerToken, refusePendingChallenges, UnauthenticatedError } from './authenticate';
import type { Authenticator, Group } from './caller';

/**
 * Who may call a route that is not a record collection's (those follow records/access.ts):
 * - public: anyone; a route may still read a token when one is sent (phone verification does);
 * - own-token: the route checks its token itself (logout accepts a token whose session already ended);
 * - caller: any signed-in user, acting on their own data only (the route takes no other user's id);
 *   `challenges: 'allowed'` keeps it open while challenges are pending (403 1201 otherwise);
 * - groups: only these groups; a route that names another record checks its school itself;
 * - records: the record API's route, decided by the record access table.
 */
export type RouteRule =
  | { kind: 'public' }
  | { kind: 'own-token' }
  | { kind: 'caller'; challenges?: 'allowed' }
  | { kind: 'groups'; groups: readonly Group[] }
  | { kind: 'records' };

/** `METHOD path` → rule. Each context brings its own rows (BoundedContext.routeAccess), beside its routes. */
export type RouteAccessTable = Record<string, RouteRule>;

export const publicRoute: RouteRule = { kind: 'public' };
export const ownToken: RouteRule = { kind: 'own-token' };
export const signedIn: RouteRule = { kind: 'caller' };
export const duringChallenges: RouteRule = { kind: 'caller', challenges: 'allowed' };
export const only = (...groups: Group[]): RouteRule => ({ kind: 'groups', groups });

/** The platform's own routes (the realtime plugin): the socket authenticates with its first frame. */
export const platformRouteAccess: RouteAccessTable = {
  'GET /ws': publicRoute,
  'POST /broadcasting/auth': signedIn,
};

/** One table from many; a route named twice is a mistake that would let one rule hide the other. */
export function mergeRouteAccess(tables: readonly RouteAccessTable[]): RouteAccessTable {
  const merged: RouteAccessTable = {};
  for (const table of tables) {
    for (const [key, rule] of Object.entries(table)) {
      if (merged[key]) throw new Error(`route ${key} has two rows in the route access tables`);
      merged[key] = rule;
    }
  }
  return merged;
}

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Enforces the table for every route registered in `scope` (the contexts' plugins): a route without a
 * row fails the start, so no route is ever open by omission. Runs in onRequest, before validation, so an
 * outsider learns nothing from a 422. Routes still read their caller themselves; this decides who gets in.
 */
export function enforceRouteAccess(
  scope: FastifyInstance,
  authenticator: Authenticator,
  table: RouteAccessTable,
): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { access?: 'records' } | undefined;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0 || config?.access === 'records') return;
    if (methods.length > 1) throw new Error(`route ${route.url}: declare one method per route`);
    const key = routeKey(methods[0]!, route.url);
    const rule = table[key];
    if (!rule)
      throw new Error(
        `route ${key} has no row in the route access table (its context's routeAccess, e.g. contexts/<context>/access.ts)`,
      );
    if (rule.kind === 'public' || rule.kind === 'records') return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard(authenticator, rule), ...existing] as RouteOptions['onRequest'];
  });
}

function guard(authenticator: Authenticator, rule: Exclude<RouteRule, { kind: 'public' | 'records' }>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new UnauthenticatedError();
    if (rule.kind === 'own-token') return;
    const found = await authenticator.verifyAccessToken(token);
    if (!(rule.kind === 'caller' && rule.challenges === 'allowed')) refusePendingChallenges(found);
    if (rule.kind === 'groups' && !rule.groups.includes(found.group)) throw new ForbiddenError();
    request.caller = found;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'records': the route belongs to the record API and follows the record access table. */
    access?: 'records';
  }
}
