import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { manifest, weightsPath } from '@sabaq/models/node';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';

/**
 * GET /models/<id>.onnx: the ONNX files of models/manifest.json, read-only, for the detectors that run
 * in the student's browser (onnxruntime-web fetches them from the app's own origin). Only ids of the
 * manifest are answered, so no other file under the weights directory can be named. The files are
 * public weights, identified by their id and pinned by sha256: cached for a week, revalidated by ETag.
 */
export function registerModelFiles(app: FastifyInstance): void {
  const onnxIds = new Set(
    manifest()
      .filter((m) => m.format === undefined)
      .map((m) => m.id),
  );
  app.get<{ Params: { file: string } }>('/models/:file', async (request, reply) => {
    const id = /^([a-z0-9-]+)\.onnx$/.exec(request.params.file)?.[1];
    const file = id && onnxIds.has(id) ? weightsPath(id) : undefined;
    if (!id || !file || !existsSync(file)) {
      return reply.status(404).send(errorBody('This page could not be found', 404));
    }
    const etag = `"${manifest().find((m) => m.id === id)?.sha256 ?? ''}"`;
    reply.header('cache-control', 'public, max-age=604800, immutable');
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-length', (await stat(file)).size);
    return reply.send(createReadStream(file));
  });
}
