import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { request, setAuthHooks } from './client';

// The client only needs the active language from i18n; the real module reads the browser's cookies.
vi.mock('../i18n', () => ({ currentLocale: () => 'kz' }));

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthHooks(undefined);
});

describe('request', () => {
  it('asks for JSON in the user language, with bracket-style query arrays', async () => {
    const fetch = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await request('/api/things', { query: { ids: [1, 2] } })).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?ids[]=1&ids[]=2');
    expect(init.headers).toMatchObject({ Accept: 'application/json', Locale: 'kz' });
  });

  it('turns an error answer into an ApiError with its code and field errors', async () => {
    const body = { message: 'Проверьте поля', errors: { email: ['Уже занят'] }, status_code: 9101 };
    vi.stubGlobal('fetch', async () => answer(422, body));
    const error = (await request('/api/register/submit.json', { method: 'POST', body: {} }).catch(
      (e) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      message: 'Проверьте поля',
      httpStatus: 422,
      statusCode: 9101,
    });
    expect(error.fieldError('email')).toBe('Уже занят');
  });

  it('reports no answer as a network error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await request('/health').catch((e) => e);
    expect(error).toMatchObject({ kind: 'network', httpStatus: 0, isUnanswered: true });
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const error = await request('/health', { timeoutMs: 20 }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'timeout', isUnanswered: true });
  });
});

describe('request with a signed-in user', () => {
  function headersOf(fetch: ReturnType<typeof vi.fn>, call: number): Record<string, string> {
    return (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
  }

  it('sends the access token as a Bearer header, except on anonymous calls', async () => {
    setAuthHooks({ token: () => 'access-1', refresh: async () => false });
    const fetch = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetch);
    await request('/api/user.json');
    await request('/oauth/token', { method: 'POST', anonymous: true });
    expect(headersOf(fetch, 0).Authorization).toBe('Bearer access-1');
    expect(headersOf(fetch, 1).Authorization).toBeUndefined();
  });

  it('renews an expired token once and repeats the request with the new one', async () => {
    let token = 'old';
    const refresh = vi.fn(async (rejected: string) => {
      expect(rejected).toBe('old');
      token = 'new';
      return true;
    });
    setAuthHooks({ token: () => token, refresh });
    const fetch = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? answer(200, { entity: { id: 'u1' } })
        : answer(401, { message: 'Unauthenticated.', errors: {}, status_code: 401 }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await request('/api/user.json')).toEqual({ entity: { id: 'u1' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives the 401 back when the token cannot be renewed', async () => {
    setAuthHooks({ token: () => 'old', refresh: async () => false });
    vi.stubGlobal('fetch', async () =>
      answer(401, { message: 'Unauthenticated.', errors: {}, status_code: 401 }),
    );
    const error = await request('/api/user.json').catch((e) => e);
    expect(error).toMatchObject({ httpStatus: 401 });
  });

  it('does not try to renew a token after a refusal other than 401', async () => {
    const refresh = vi.fn(async () => true);
    setAuthHooks({ token: () => 'old', refresh });
    vi.stubGlobal('fetch', async () => answer(403, { message: 'Forbidden', errors: {}, status_code: 403 }));
    await request('/api/students').catch(() => undefined);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('posts URLSearchParams as a form', async () => {
    const fetch = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetch);
    const form = new URLSearchParams({ grant_type: 'password' });
    await request('/oauth/token', { method: 'POST', body: form, anonymous: true });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
