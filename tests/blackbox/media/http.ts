import type { Chunk } from './test-media';

// Answers are read loosely, as a client would; the assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = Record<string, any>;

/** JSON calls with a test token (records-app.ts: `student@school-a`, `teacher@school-b#2`). */
// Not caller(): over a started platform's URL (fetch), like uploadFile below and the browser suites.
export async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Answer };
}

/** The browser's direct upload: fields plus one file, no Authorization header. */
export async function uploadFile(
  base: string,
  endpoint: string,
  params: Record<string, unknown> | undefined,
  file: Chunk,
  type = 'video/webm',
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(params ?? {})) form.append(key, String(value));
  form.append('file', new Blob([new Uint8Array(file.data)], { type }), file.name);
  const response = await fetch(`${base}${endpoint}`, { method: 'POST', body: form });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Answer };
}
