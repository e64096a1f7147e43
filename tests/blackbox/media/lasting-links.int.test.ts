import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { call, type Answer } from './http';
import { startMediaApp, type MediaApp } from './media-app';
import { makeImage } from './test-media';

/**
 * Lasting links (docs/media.md): a teacher's library picture chosen as a course cover is shared by its
 * owner, and its stable address redirects anyone who has it, and any signed-in user of the school, to a
 * freshly signed file URL; other schools, unshared files and strangers' shares are refused.
 */
const teacher = tokenFor('teacher', 'school-a');
const student = tokenFor('student', 'school-a');
const outsider = tokenFor('student', 'school-b');
const otherTeacher = tokenFor('teacher', 'school-a', 2);

let media: MediaApp;
let image: Buffer;

beforeAll(async () => {
  media = await startMediaApp({ worker: false });
  image = await makeImage();
}, 120_000);

afterAll(async () => {
  await media?.close();
});

async function upload(token: string, name: string): Promise<Answer['entity']> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  const response = await fetch(`${media.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as Answer).entity;
}

/** A GET that does not follow redirects, as the test must see the 302 itself. */
async function open(path: string, token?: string) {
  return fetch(`${media.url}${path}`, {
    redirect: 'manual',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function errorOf(response: Response) {
  return (await response.json()) as { message: string; status_code: number };
}

describe('lasting links of shared library files', () => {
  let cover: { id: string; shared_src: string | null; src: string };

  it('the owner shares a picture and gets its lasting address, the same on every choice', async () => {
    const uploaded = await upload(teacher, 'cover.png');
    expect(uploaded.shared_src).toBeNull();
    const shared = await call(media.url, 'POST', `/api/media/${uploaded.id}/share.json`, teacher);
    expect(shared.status).toBe(200);
    cover = shared.body.entity;
    expect(cover.shared_src).toMatch(/^\/api\/media\/s\/[A-Za-z0-9_-]{43}$/);
    const again = await call(media.url, 'POST', `/api/media/${uploaded.id}/share.json`, teacher);
    expect(again.body.entity.shared_src).toBe(cover.shared_src);
    const read = await call(media.url, 'GET', `/api/media/${uploaded.id}`, teacher);
    expect(read.body.entity.shared_src).toBe(cover.shared_src);
    const events = await media.store.readStream(`media-${uploaded.id}`);
    expect(events.filter((e) => e.type === 'MediaShared')).toHaveLength(1);
  });

  it('the lasting address, opened with no sign-in (an <img>), redirects to a short signature that downloads the bytes', async () => {
    const response = await open(cover.shared_src!);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('private, max-age=240');
    const location = response.headers.get('location')!;
    const target = new URL(location, media.url);
    expect(target.pathname).toBe(`/api/media/${cover.id}/file`);
    const expires = Number(target.searchParams.get('expires'));
    const left = expires - Date.now() / 1000;
    // Signed for five minutes: longer than the redirect may be cached, far shorter than the entity's hour.
    expect(left).toBeGreaterThan(240);
    expect(left).toBeLessThanOrEqual(300);
    const file = await fetch(target);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
  });

  it('a student of the school opens the cover by its id too; the redirect lands on the same bytes', async () => {
    const response = await open(`/api/media/${cover.id}/view`, student);
    expect(response.status).toBe(302);
    const file = await fetch(new URL(response.headers.get('location')!, media.url));
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
    // The library itself stays the owner's: the student still cannot read the item's record.
    expect((await call(media.url, 'GET', `/api/media/${cover.id}`, student)).status).toBe(404);
  });

  it("another school's user, a signed-out caller and an unshared file are refused in the specification's shape", async () => {
    const foreign = await open(`/api/media/${cover.id}/view`, outsider);
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toMatchObject({ status_code: 404 });
    const signedOut = await open(`/api/media/${cover.id}/view`);
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toMatchObject({ status_code: 401 });
    const privateFile = await upload(teacher, 'private.png');
    const unshared = await open(`/api/media/${privateFile.id}/view`, student);
    expect(unshared.status).toBe(404);
    expect(await errorOf(unshared)).toMatchObject({ message: `No media record ${privateFile.id}` });
    // The owner sees their own unshared file through the same route.
    expect((await open(`/api/media/${privateFile.id}/view`, teacher)).status).toBe(302);
  });

  it('only the owner shares: a colleague, a student or another school cannot; a folder is no file', async () => {
    const privateFile = await upload(teacher, 'mine.png');
    for (const token of [otherTeacher, student, outsider]) {
      const refused = await call(media.url, 'POST', `/api/media/${privateFile.id}/share.json`, token);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ status_code: 404 });
    }
    expect((await open(`/api/media/${privateFile.id}/view`, student)).status).toBe(404);
    const folder = await call(media.url, 'POST', '/api/media', teacher, { name: 'Covers', type: 'folder' });
    const sharedFolder = await call(
      media.url,
      'POST',
      `/api/media/${folder.body.entity.id}/share.json`,
      teacher,
    );
    expect(sharedFolder.status).toBe(422);
    expect(sharedFolder.body.errors).toHaveProperty('id');
  });

  it('a made-up token is 404; a removed file takes its lasting address with it', async () => {
    const madeUp = await open(`/api/media/s/${'A'.repeat(43)}`);
    expect(madeUp.status).toBe(404);
    expect(await errorOf(madeUp)).toMatchObject({ status_code: 404 });
    const removed = await upload(teacher, 'gone.png');
    const shared = await call(media.url, 'POST', `/api/media/${removed.id}/share.json`, teacher);
    expect((await open(shared.body.entity.shared_src)).status).toBe(302);
    expect((await call(media.url, 'DELETE', `/api/media/${removed.id}`, teacher)).status).toBeLessThan(300);
    expect((await open(shared.body.entity.shared_src)).status).toBe(404);
    expect((await open(`/api/media/${removed.id}/view`, teacher)).status).toBe(404);
  });
});
