import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebFiles } from './web-files';

const SCRIPT = `export const greeting = ${JSON.stringify('Sabaq '.repeat(400))};\n`;

describe('the built web app as the platform serves it', () => {
  let root = '';
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'web-files-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(root, 'assets/index-AbC123.js'), SCRIPT);
    await writeFile(path.join(root, 'assets/index-AbC123.js.br'), brotliCompressSync(SCRIPT));
    app = Fastify();
    await registerWebFiles(app, root);
    app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('caches hashed assets for a year without revalidation', async () => {
    const answer = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body).toBe(SCRIPT);
  });

  it('sends the brotli copy to a browser that accepts it, as JavaScript', async () => {
    const answer = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('has index.html revalidated on every load, also as the fallback of an app path', async () => {
    for (const url of ['/', '/t/assignments']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.body, url).toContain('<div id="root">');
    }
  });

  it('does not serve the compressed copies as files of their own', async () => {
    expect((await app.inject({ url: '/assets/index-AbC123.js.br' })).body).toContain('<div id="root">');
  });
});
