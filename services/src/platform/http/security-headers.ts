import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The platform's security headers; the web app loads its own bundles only. */
export const SECURITY_HEADERS_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The exam's face detector is WebAssembly (onnxruntime-web): compiling it needs this, not eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Inline styles come from the UI kit.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      // External assignments show the teacher's page of another site in a sandboxed frame (http(s) only).
      frameSrc: ["'self'", 'http:', 'https:'],
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

/**
 * What a JSON answer of the API needs (OWASP's REST security cheat sheet): no sniffing it into a
 * document, no framing, and a policy that lets it load nothing should a browser ever render it. The
 * rest of helmet's set governs documents; leaving it off API answers saves a dozen header checks per
 * request on the hottest paths.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
};

/** Paths that answer JSON only: the API, the token endpoint, the realtime auth and the health check. */
const isApiPath = (url: string) =>
  url.startsWith('/api/') ||
  url.startsWith('/oauth/') ||
  url.startsWith('/broadcasting/') ||
  url === '/health';

export function registerSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiPath(request.url) ? API_SECURITY_HEADERS : documentHeaders);
    done();
  });
}
