import { describe, expect, it } from 'vitest';
import { nobodyAuthenticator } from './authenticate';
import { HealthChecks } from './health';
import { mergeRouteAccess, publicRoute, signedIn } from './route-access';
import { buildServer } from './server';

const build = (url: string) =>
  buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: nobodyAuthenticator, table: { 'GET /api/schools.json': signedIn } },
    plugins: [async (app) => void app.get(url, async () => ({ ok: true }))],
  });

describe('route access enforcement', () => {
  it('refuses to start with a route the table does not name', async () => {
    await expect(build('/api/unlisted.json')).rejects.toThrow(
      'route GET /api/unlisted.json has no row in the route access table',
    );
  });

  it('answers 401 before the handler for a route the table keeps to signed-in callers', async () => {
    const app = await build('/api/schools.json');
    const response = await app.inject({ method: 'GET', url: '/api/schools.json' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status_code: 401 });
    await app.close();
  });
});

describe('route access tables of many contexts', () => {
  it('merge into one, and refuse a route two contexts both name', () => {
    const merged = mergeRouteAccess([{ 'GET /a': publicRoute }, { 'GET /b': signedIn }]);
    expect(merged).toEqual({ 'GET /a': publicRoute, 'GET /b': signedIn });
    expect(() => mergeRouteAccess([{ 'GET /a': publicRoute }, { 'GET /a': signedIn }])).toThrow(
      'route GET /a has two rows',
    );
  });
});
