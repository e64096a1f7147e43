import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The platform's security headers; the web app loads its own bundles only. */
export const SECURITY_HEADERS_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Inline styles come from the UI kit.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      // Schools often serve the platform over plain HTTP on their LAN: upgrading would blank the page.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * Helmet's headers, worked out once at start. They do not depend on the request (no CSP nonces), and
 * @fastify/helmet rebuilds the helmet middleware, directives parsing included, for every request.
 */
export function securityHeaders(
  options: Readonly<HelmetOptions> = SECURITY_HEADERS_OPTIONS,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
