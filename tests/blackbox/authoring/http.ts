import { expect } from 'vitest';

export type Body = Record<string, unknown> & {
  entity?: Record<string, unknown>;
  entities?: unknown;
  errors?: Record<string, string[]>;
};

/** Signs in through /oauth/token and calls the API with the real bearer token, as the web app does. */
export function client(baseUrl: string) {
  async function token(username: string, password = 'Demo12345'): Promise<string> {
    const response = await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: '2', username, password }),
    });
    expect(response.status, `sign-in of ${username}`).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  // Not caller(): over a started platform's URL (fetch), as the browser suites that share this reach it too.
  async function call(
    method: string,
    url: string,
    bearer: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Body }> {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Body };
  }

  return { token, call };
}

export const entityOf = (answer: { status: number; body: Body }, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body.entity as Record<string, unknown> & { id: string };
};
export const idsOf = (answer: { body: Body }) => (answer.body.entities as { id: string }[]).map((e) => e.id);
