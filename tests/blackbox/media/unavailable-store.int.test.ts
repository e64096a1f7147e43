import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MinioObjectStore } from '../../../services/src/platform/objects/minio-object-store';
import { STORE_UNAVAILABLE } from '../../../services/src/platform/objects/store-availability';
import type { ObjectStore } from '../../../services/src/platform/ports/objects';
import { refusedPort, startUnansweringServer } from '../../support/unanswering-server';
import { tokenFor } from '../records/records-app';
import type { Answer } from './http';
import { startMediaApp, type MediaApp } from './media-app';

/**
 * The object store unavailable under a running api: one that accepts connections and never answers,
 * and one that refuses them. Uploads and downloads answer 503 with Retry-After and a message saying so,
 * within the (short, configurable) timeouts, and work again once the store is back.
 */
const teacher = tokenFor('teacher', 'school-a');
const TIMEOUTS = { connectMs: 500, responseMs: 500, retries: 1, backoffMs: 50, retryAfterSeconds: 7 };

let media: MediaApp;
let hang: Awaited<ReturnType<typeof startUnansweringServer>>;
let hanging: MinioObjectStore;
let refused: MinioObjectStore;
let current: ObjectStore;

const storeAt = (port: number) =>
  new MinioObjectStore({
    endpoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'media-test',
    secretKey: 'media-test-secret',
    bucket: 'media-test',
    resilience: TIMEOUTS,
  });

beforeAll(async () => {
  media = await startMediaApp({ worker: false });
  hang = await startUnansweringServer();
  hanging = storeAt(hang.port);
  refused = storeAt(await refusedPort());
  current = media.objects;
  // The routes read services.objects on every call: the test switches which store that is.
  const switchable = new Proxy({} as ObjectStore, {
    get: (_target, property) => {
      const value = (current as unknown as Record<string | symbol, unknown>)[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
  Object.assign(media.services, { objects: switchable });
});

afterAll(async () => {
  await hang?.close();
  await media?.close();
});

async function upload(name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(`notes ${name}`))], { type: 'text/plain' }), name);
  const response = await fetch(`${media.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${teacher}` },
    body: form,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer,
  };
}

async function download(src: string) {
  const response = await fetch(`${media.url}${src}`);
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
}

const UNAVAILABLE = {
  status: 503,
  retryAfter: '7',
  body: { message: STORE_UNAVAILABLE, status_code: 503, errors: {} },
};

describe('an unavailable object store', () => {
  it('answers uploads and downloads 503 with Retry-After, hung or refused, and serves again once back', async () => {
    const stored = await upload('before.txt');
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const src = String(stored.body.entity.src);
    expect(await download(src)).toMatchObject({ status: 200, text: 'notes before.txt' });

    for (const store of [hanging, refused]) {
      current = store;
      const started = Date.now();
      expect(await upload('during.txt')).toMatchObject(UNAVAILABLE);
      const down = await download(src);
      expect(down).toMatchObject({ status: 503, retryAfter: '7' });
      expect(JSON.parse(down.text)).toMatchObject(UNAVAILABLE.body);
      // Bounded by the timeouts (a few of 0.5 s each), not by the socket's minutes: a loose bound.
      expect(Date.now() - started).toBeLessThan(20_000);
    }

    current = media.objects;
    expect(await download(src)).toMatchObject({ status: 200, text: 'notes before.txt' });
    expect((await upload('after.txt')).status).toBe(201);
  });
});
