import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { modelEntry, weightsPath } from '@sabaq/models/node';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerModelFiles } from './model-files';
import { SECURITY_HEADERS_OPTIONS } from './security-headers';

const ID = 'face-detect-rfb320';

describe('GET /models/<id>.onnx', () => {
  it.skipIf(!existsSync(weightsPath(ID)))(
    'answers a manifest model, cached and revalidated by its sha256',
    async () => {
      const app = Fastify();
      registerModelFiles(app);
      const answer = await app.inject({ method: 'GET', url: `/models/${ID}.onnx` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=604800, immutable');
      expect(createHash('sha256').update(answer.rawPayload).digest('hex')).toBe(modelEntry(ID).sha256);
      expect(answer.rawPayload.length).toBe(readFileSync(weightsPath(ID)).length);
      const again = await app.inject({
        method: 'GET',
        url: `/models/${ID}.onnx`,
        headers: { 'if-none-match': answer.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      await app.close();
    },
  );

  it('answers 404 in the error shape for anything that is not a manifest ONNX id', async () => {
    const app = Fastify();
    registerModelFiles(app);
    for (const url of [
      '/models/unknown.onnx',
      '/models/objects-centernet.onnx',
      '/models/..%2Fmanifest.json',
      '/models/face-detect-rfb320.json',
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toMatchObject({ status_code: 404 });
    }
    await app.close();
  });

  it("lets the browser compile the detector's WebAssembly, and nothing else new", () => {
    const directives = SECURITY_HEADERS_OPTIONS.contentSecurityPolicy as {
      directives: Record<string, string[]>;
    };
    expect(directives.directives.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});
