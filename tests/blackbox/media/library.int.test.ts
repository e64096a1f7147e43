import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { call, type Answer } from './http';
import { startMediaApp, type MediaApp } from './media-app';
import { makeImage, probeDuration, recordTestVideo } from './test-media';

/** The media library (specification 001 §3, §7): folders, one file per upload, rename, move, remove. */
const teacher = tokenFor('teacher', 'school-a');

let media: MediaApp;
let sourceDir: string;
let video: Buffer;
let image: Buffer;

beforeAll(async () => {
  media = await startMediaApp();
  const recorded = await recordTestVideo(4, 4);
  sourceDir = recorded.dir;
  video = recorded.chunks[0]!.data;
  image = await makeImage();
}, 120_000);

afterAll(async () => {
  await media?.close();
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
});

/** POST /api/media as multipart, with the caller's token (the library is not a direct upload). */
async function uploadMedia(
  token: string,
  name: string,
  data: Buffer,
  type: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const response = await fetch(`${media.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const names = (answer: { body: Answer }) =>
  (answer.body.entities as { name: string }[]).map((e) => e.name).sort();

async function ready(id: string) {
  for (let i = 0; i < 300; i += 1) {
    await media.caughtUp();
    const shown = await call(media.url, 'GET', `/api/media/${id}`, teacher);
    if (shown.body.entity.status !== 'in_process') return shown.body.entity;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the video never converted');
}

describe('the media library', () => {
  it('keeps folders and files, converts video, renames, moves and removes', async () => {
    const folder = await call(media.url, 'POST', '/api/media', teacher, { name: 'Уроки', type: 'folder' });
    expect(folder).toMatchObject({
      status: 201,
      body: { entity: { type: 'folder', status: 'undefined', parent_id: null } },
    });
    const folderId = folder.body.entity.id;
    const badFolder = await call(media.url, 'POST', '/api/media', teacher, {
      name: '',
      type: 'folder',
      extra: 1,
    });
    expect(badFolder).toMatchObject({
      status: 422,
      body: { status_code: 422, errors: { name: [expect.any(String)] } },
    });
    expect((await call(media.url, 'POST', '/api/media', teacher, [1, 2])).status).toBe(422);
    expect((await call(media.url, 'POST', '/api/media/bad%00id/preview.json', teacher)).status).toBe(422);

    const picture = await uploadMedia(teacher, 'pattern.png', image, 'image/png', { parent_id: folderId });
    expect(picture).toMatchObject({
      status: 201,
      body: {
        entity: {
          type: 'image',
          status: 'ready',
          parent_id: folderId,
          file_size: image.length,
          mime_type: 'image/png',
        },
      },
    });
    const file = await fetch(`${media.url}${picture.body.entity.src}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);

    const lesson = await uploadMedia(teacher, 'lesson.webm', video, 'video/webm', { parent_id: 'null' });
    expect(lesson).toMatchObject({ status: 201, body: { entity: { type: 'video', status: 'in_process' } } });
    const converted = await ready(lesson.body.entity.id);
    expect(converted.status).toBe('ready');
    expect(converted.encoded.type).toBe('hls');
    expect(Math.abs((await probeDuration(`${media.url}${converted.encoded.playlist}`)) - 4)).toBeLessThan(1);
    const preview = await call(
      media.url,
      'POST',
      `/api/media/${lesson.body.entity.id}/preview.json`,
      teacher,
    );
    expect((await fetch(`${media.url}${preview.body.src}`)).headers.get('content-type')).toBe('image/jpeg');

    // A page is never served as a page from the API's origin.
    const page = await uploadMedia(teacher, 'x.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    expect(page.body.entity).toMatchObject({ type: 'other', mime_type: 'application/octet-stream' });

    expect(names(await call(media.url, 'GET', '/api/media', teacher))).toEqual([
      'lesson.webm',
      'x.html',
      'Уроки',
    ]);
    expect(names(await call(media.url, 'GET', `/api/media?parent_id=${folderId}`, teacher))).toEqual([
      'pattern.png',
    ]);

    const pictureId = picture.body.entity.id;
    const renamed = await call(media.url, 'PUT', `/api/media/${pictureId}`, teacher, { name: 'Схема' });
    expect(renamed.body.entity).toMatchObject({ name: 'Схема', parent_id: folderId });
    const moved = await call(media.url, 'PUT', `/api/media/${pictureId}`, teacher, { parent_id: 'null' });
    expect(moved.body.entity.parent_id).toBeNull();
    expect(names(await call(media.url, 'GET', '/api/media', teacher))).toContain('Схема');
    const intoItself = await call(media.url, 'PUT', `/api/media/${folderId}`, teacher, {
      parent_id: folderId,
    });
    expect(intoItself.status).toBe(422);
    const intoFile = await call(media.url, 'PUT', `/api/media/${pictureId}`, teacher, {
      parent_id: lesson.body.entity.id,
    });
    expect(intoFile).toMatchObject({ status: 422, body: { errors: { parent_id: [expect.any(String)] } } });

    const overview = await call(media.url, 'GET', '/api/media-overview.json', teacher);
    expect(overview.body.entity).toMatchObject({ count: 4, statuses: { ready: 3, undefined: 1 } });
    expect(overview.body.entity.types.image).toEqual({ count: 1, size: image.length });

    // Each person's library is their own; the school's manager sees it, another school nothing.
    for (const outsider of [
      tokenFor('teacher', 'school-a', 2),
      tokenFor('manager', 'school-b'),
      tokenFor('student', 'school-a'),
    ]) {
      expect((await call(media.url, 'GET', `/api/media/${pictureId}`, outsider)).status).toBe(404);
      expect((await call(media.url, 'DELETE', `/api/media/${pictureId}`, outsider)).status).toBe(404);
      expect((await call(media.url, 'POST', `/api/media/${pictureId}/preview.json`, outsider)).status).toBe(
        404,
      );
      expect((await call(media.url, 'GET', '/api/media', outsider)).body.entities).toEqual([]);
    }
    expect(
      (await call(media.url, 'GET', `/api/media/${pictureId}`, tokenFor('manager', 'school-a'))).status,
    ).toBe(200);
    expect((await call(media.url, 'GET', '/api/media', tokenFor('analyst', 'school-a'))).status).toBe(403);
    expect((await fetch(`${media.url}/api/media/${pictureId}/file`)).status).toBe(404);

    expect((await call(media.url, 'DELETE', `/api/media/${pictureId}`, teacher)).status).toBe(204);
    expect(await media.objects.list(`media/${pictureId}/`)).toEqual([]);
    expect(names(await call(media.url, 'GET', '/api/media', teacher))).toEqual([
      'lesson.webm',
      'x.html',
      'Уроки',
    ]);
    expect((await uploadMedia(teacher, 'empty.txt', Buffer.alloc(0), 'text/plain')).status).toBe(422);

    // A folder goes with what is in it, however deep, files and their objects included.
    const inner = await call(media.url, 'POST', '/api/media', teacher, {
      name: 'Черновики',
      type: 'folder',
      parent_id: folderId,
    });
    await media.caughtUp();
    const draft = await uploadMedia(teacher, 'draft.png', image, 'image/png', {
      parent_id: inner.body.entity.id,
    });
    expect(draft.status).toBe(201);
    expect(await media.objects.list(`media/${draft.body.entity.id}/`)).not.toEqual([]);
    await media.caughtUp();
    expect((await call(media.url, 'DELETE', `/api/media/${folderId}`, teacher)).status).toBe(204);
    await media.caughtUp();
    for (const id of [folderId, inner.body.entity.id, draft.body.entity.id]) {
      expect((await call(media.url, 'GET', `/api/media/${id}`, teacher)).status).toBe(404);
    }
    expect(await media.objects.list(`media/${draft.body.entity.id}/`)).toEqual([]);
    expect(names(await call(media.url, 'GET', '/api/media', teacher))).toEqual(['lesson.webm', 'x.html']);
    expect((await call(media.url, 'GET', '/api/media-overview.json', teacher)).body.entity.count).toBe(2);
  }, 180_000);
});
