import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../services/src/platform/errors';
import type { ObjectStore } from '../../services/src/platform/ports/objects';

const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A recording as a browser would stream it: random bytes in uneven chunks, its length unknown. */
function generatedStream(totalBytes: number, failAfterBytes?: number): { stream: Readable; bytes: Buffer } {
  const bytes = randomBytes(totalBytes);
  async function* chunks() {
    let offset = 0;
    while (offset < totalBytes) {
      if (failAfterBytes !== undefined && offset >= failAfterBytes) throw new Error('upload cut off');
      const size = Math.min(64 * 1024 + (offset % 7919), totalBytes - offset);
      yield bytes.subarray(offset, offset + size);
      offset += size;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), bytes };
}

/**
 * The one contract every object store adapter passes. The factory gives a store whose bucket may not
 * exist yet, with a multipart part size below 12 MiB so the large upload below spans several parts.
 */
export function describeObjectStoreContract(name: string, factory: () => Promise<ObjectStore>): void {
  describe(`object store contract: ${name}`, () => {
    let store: ObjectStore;
    let prefix: string;
    beforeAll(async () => {
      store = await factory();
      await store.ensureBucket();
      await store.ensureBucket();
      await store.ping();
    });
    const fresh = () => (prefix = `contract-${randomBytes(6).toString('hex')}/`);

    it('puts and gets buffers, with their size and content type', async () => {
      fresh();
      const body = Buffer.from('première leçon — 第一课', 'utf8');
      const info = await store.put(`${prefix}lesson.txt`, body, { contentType: 'text/plain; charset=utf-8' });
      expect(info).toMatchObject({
        key: `${prefix}lesson.txt`,
        size: body.length,
        contentType: 'text/plain; charset=utf-8',
      });
      expect(info.etag).toMatch(/^[0-9a-f]{32}/);
      expect(info.lastModified).toBeInstanceOf(Date);
      expect(await readAll(await store.get(`${prefix}lesson.txt`))).toEqual(body);
      expect(await store.stat(`${prefix}lesson.txt`)).toMatchObject({ size: body.length, etag: info.etag });
    });

    it('answers undefined for the stat of a missing key, NotFoundError for reading or copying one', async () => {
      fresh();
      expect(await store.stat(`${prefix}missing.bin`)).toBeUndefined();
      await expect(store.get(`${prefix}missing.bin`)).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.get(`${prefix}missing.bin`, { start: 0, end: 9 })).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(store.copy(`${prefix}missing.bin`, `${prefix}copy.bin`)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('reads byte ranges, end inclusive', async () => {
      fresh();
      const body = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await store.put(`${prefix}bytes.bin`, body);
      expect(await readAll(await store.get(`${prefix}bytes.bin`, { start: 10, end: 19 }))).toEqual(
        body.subarray(10, 20),
      );
      expect(await readAll(await store.get(`${prefix}bytes.bin`, { start: 250 }))).toEqual(
        body.subarray(250),
      );
      expect(await readAll(await store.get(`${prefix}bytes.bin`, { start: 7, end: 7 }))).toEqual(
        body.subarray(7, 8),
      );
      expect(await readAll(await store.get(`${prefix}bytes.bin`, { start: 0, end: 1 }))).toEqual(
        body.subarray(0, 2),
      );
    });

    it('lists every key under a prefix, nested ones included, and nothing else', async () => {
      fresh();
      for (const key of ['a/1.txt', 'a/2.txt', 'a/deeper/3.txt', 'ab.txt', 'b/1.txt']) {
        await store.put(`${prefix}${key}`, Buffer.from(key));
      }
      const listed = await store.list(`${prefix}a/`);
      expect(listed.map((o) => o.key).sort()).toEqual(
        ['a/1.txt', 'a/2.txt', 'a/deeper/3.txt'].map((k) => prefix + k),
      );
      expect(listed.find((o) => o.key.endsWith('deeper/3.txt'))).toMatchObject({
        size: 'a/deeper/3.txt'.length,
      });
      expect(listed.every((o) => o.lastModified instanceof Date && o.etag.length > 0)).toBe(true);
      expect(await store.list(`${prefix}none/`)).toEqual([]);
    });

    it('copies an object within the bucket', async () => {
      fresh();
      await store.put(`${prefix}original.json`, Buffer.from('{"a":1}'), { contentType: 'application/json' });
      await store.copy(`${prefix}original.json`, `${prefix}copies/one.json`);
      expect((await readAll(await store.get(`${prefix}copies/one.json`))).toString()).toBe('{"a":1}');
      expect(await store.stat(`${prefix}original.json`)).toBeDefined();
    });

    it('removes several keys at once, missing ones being no error', async () => {
      fresh();
      await store.put(`${prefix}x`, Buffer.from('x'));
      await store.put(`${prefix}y`, Buffer.from('y'));
      await store.put(`${prefix}kept`, Buffer.from('k'));
      await store.remove([`${prefix}x`, `${prefix}y`, `${prefix}never-there`]);
      await store.remove([]);
      expect((await store.list(prefix)).map((o) => o.key)).toEqual([`${prefix}kept`]);
    });

    it('signs GET and PUT URLs that a plain fetch can use', async () => {
      fresh();
      const putUrl = await store.presignedPut(`${prefix}upload.bin`, 60);
      expect(new URL(putUrl).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      const body = randomBytes(4096);
      const put = await fetch(putUrl, { method: 'PUT', body });
      expect(put.status).toBe(200);
      expect(await store.stat(`${prefix}upload.bin`)).toMatchObject({ size: body.length });

      const getUrl = await store.presignedGet(`${prefix}upload.bin`, 60);
      const got = await fetch(getUrl);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer())).toEqual(body);
    });

    it('uploads a 12 MiB stream of unknown length in parts and reads it back byte for byte', async () => {
      fresh();
      const { stream, bytes } = generatedStream(12 * MiB + 12_345);
      const info = await store.put(`${prefix}recording.webm`, stream, { contentType: 'video/webm' });
      expect(info).toMatchObject({ size: bytes.length, contentType: 'video/webm' });
      expect(sha256(await readAll(await store.get(`${prefix}recording.webm`)))).toBe(sha256(bytes));
      // A range across the first part boundary (5 MiB parts and above) reads as the original does.
      const range = { start: 5 * MiB - 100, end: 5 * MiB + 99 };
      const slice = await readAll(await store.get(`${prefix}recording.webm`, range));
      expect(slice).toEqual(bytes.subarray(range.start, range.end + 1));
    });

    it('rejects the put of a stream that fails half-way and stores nothing under its key', async () => {
      fresh();
      const { stream } = generatedStream(12 * MiB, 6 * MiB);
      await expect(store.put(`${prefix}cut.webm`, stream)).rejects.toThrow('upload cut off');
      expect(await store.stat(`${prefix}cut.webm`)).toBeUndefined();
      expect(await store.list(prefix)).toEqual([]);
    });
  });
}
