import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import {
  API_SECURITY_HEADERS,
  registerSecurityHeaders,
  SECURITY_HEADERS_OPTIONS,
  securityHeaders,
} from './security-headers';

describe('security headers', () => {
  it('are the headers helmet itself sets, computed once', async () => {
    const reference = Fastify();
    await reference.register(helmet, SECURITY_HEADERS_OPTIONS as never);
    reference.get('/', async () => ({ ok: true }));
    const ours = Fastify();
    registerSecurityHeaders(ours);
    ours.get('/', async () => ({ ok: true }));
    const [expected, actual] = await Promise.all([
      reference.inject({ method: 'GET', url: '/' }),
      ours.inject({ method: 'GET', url: '/' }),
    ]);
    const helmetNames = Object.keys(securityHeaders());
    expect(helmetNames).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options']),
    );
    for (const name of helmetNames) expect(actual.headers[name], name).toBe(expected.headers[name]);
    expect(actual.headers['content-security-policy']).toContain("default-src 'self'");
    expect(actual.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // External assignments frame http(s) pages of other sites, and nothing else (no data:, no javascript:).
    expect(actual.headers['content-security-policy']).toContain("frame-src 'self' http: https:");
    await Promise.all([reference.close(), ours.close()]);
  });

  it('are the short API set on JSON answers of the API', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/api/languages/:id', async () => ({ entity: {} }));
    const response = await app.inject({ method: 'GET', url: '/api/languages/ru?x=1' });
    expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});
