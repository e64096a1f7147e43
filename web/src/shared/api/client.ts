import { currentLocale } from '../i18n';
import { ApiError, apiErrorFromAnswer } from './api-error';
import { toQueryString, type QueryParams } from './query-string';

/** A request the platform has not answered in this time is treated as unanswered. */
export const REQUEST_TIMEOUT_MS = 15_000;

// Same origin by default (the platform serves the app); a build may point elsewhere.
const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON, or as is when it is FormData (uploads) or URLSearchParams (a form, as /oauth/token takes). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Cancels the request, e.g. react-query's signal when a screen unmounts. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent without the signed-in user's token and never refreshed: the token calls themselves. */
  anonymous?: boolean;
}

/**
 * How requests are signed. Set by the session feature, so this module knows nothing of token storage:
 * `token` is the current access token; `refresh` renews it after a 401 and reports whether it did.
 */
export interface AuthHooks {
  token(): string | null;
  refresh(rejected: string): Promise<boolean>;
}

let authHooks: AuthHooks | undefined;

export function setAuthHooks(hooks: AuthHooks | undefined): void {
  authHooks = hooks;
}

/**
 * A protected binary (an AI report's thumbnail) as a blob: an <img> cannot send the token itself, so the
 * page fetches it and shows an object URL.
 */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = authHooks?.token() ?? null;
  const response = await fetch(`${BASE_URL}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw apiErrorFromAnswer(response.status, response.statusText, null);
  return response.blob();
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.anonymous ? null : (authHooks?.token() ?? null);
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    // An expired access token: renew it once with the refresh token and try again.
    if (token && authHooks && error instanceof ApiError && error.httpStatus === 401) {
      if (await authHooks.refresh(token)) return send<T>(path, options, authHooks.token());
    }
    throw error;
  }
}

async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
  const { method = 'GET', query, body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const search = query ? toQueryString(query) : '';
  const url = `${BASE_URL}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;

  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The platform answers in the user's language (messages, field errors, enumerations).
    Locale: currentLocale(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // The caller's own cancellation is not a failure to report: let react-query see the abort as is.
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError('timeout', `No answer from ${path} within ${timeoutMs} ms`);
    throw new ApiError(
      'network',
      `No answer from ${path}: ${error instanceof Error ? error.message : error}`,
    );
  }

  const data = await readBody(response);
  if (!response.ok) throw apiErrorFromAnswer(response.status, response.statusText, data);
  return data as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands: `api.get<User>('/api/user.json', { query: { extended: 1 } })`. */
export const api = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
};
