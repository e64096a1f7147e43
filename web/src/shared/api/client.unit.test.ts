import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { request } from './client';

// The client only needs the active language from i18n; the real module reads the browser's cookies.
vi.mock('../i18n', () => ({ currentLocale: () => 'kz' }));

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

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
