import { randomBytes } from 'node:crypto';
import http from 'node:http';

export interface ProviderAccount {
  sub: string;
  email: string | null;
  email_verified?: boolean;
}

/**
 * A tiny OAuth 2.0 provider (authorize, token, userinfo) on loopback: it stands in for the external
 * service a school signs in with, which cannot run here. The signed-in account is whoever the test says
 * (`nextAccount`); authorize consents at once and sends the browser back with a code, or with
 * error=access_denied when `deny` is set. Codes are single-use and bound to client and redirect URI.
 */
export class TinyOAuthProvider {
  url = '';
  readonly clientId = 'sabaq-client';
  readonly clientSecret = 'provider-secret';
  nextAccount: ProviderAccount = { sub: 'ext-1', email: null };
  deny = false;
  /** What the token endpoint received, for checks. */
  readonly tokenRequests: URLSearchParams[] = [];
  private readonly codes = new Map<string, { account: ProviderAccount; redirectUri: string }>();
  private readonly tokens = new Map<string, ProviderAccount>();
  private server: http.Server | undefined;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      if (
        url.searchParams.get('client_id') !== this.clientId ||
        url.searchParams.get('response_type') !== 'code'
      )
        return json(400, { error: 'invalid_request' });
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (this.deny) redirect.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(12).toString('hex');
        this.codes.set(code, {
          account: this.nextAccount,
          redirectUri: url.searchParams.get('redirect_uri')!,
        });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const form = new URLSearchParams(raw);
      this.tokenRequests.push(form);
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (
        !grant ||
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== this.clientId ||
        form.get('client_secret') !== this.clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri
      )
        return json(400, { error: 'invalid_grant' });
      const token = randomBytes(12).toString('hex');
      this.tokens.set(token, grant.account);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/userinfo') {
      const account = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!account) return json(401, { error: 'invalid_token' });
      return json(200, account);
    }
    json(404, { error: 'not_found' });
  }
}
