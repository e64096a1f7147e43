import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import { TABLES, type MediaTables } from '../read-model/tables';
import type { MediaSigner } from '../signing';
import { contentTypeOf } from '../transcoder/job';
import { parseRange, signPlaylist } from './range';
import { withTables } from '../../../platform/read-models/database';

/** A path inside a conversion's output: plain names only, nothing that climbs out of the prefix. */
const SAFE_PATH = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:m3u8|ts|jpg)$/;

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Playback goes through the API only (the object store is on loopback or a private network): the
 * entity's signed URL reaches the master playlist, each playlist is answered with the signature added to
 * its URIs, and segments are streamed with range support. A missing, wrong or expired signature is a 404,
 * as for a record the caller may not see.
 */
export async function playbackRoutes(app: FastifyInstance, services: ContextServices, signer: MediaSigner) {
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    target: { playlist_key: unknown; thumb_key: unknown } | undefined,
    file: string,
  ) => {
    if (!target?.playlist_key || !SAFE_PATH.test(file)) throw new NotFoundError('No such file');
    const prefix = String(target.playlist_key).replace(/master\.m3u8$/, '');
    const key = file === 'thumb.jpg' && target.thumb_key ? String(target.thumb_key) : `${prefix}${file}`;
    return stream(
      request,
      reply,
      key,
      contentTypeOf(file),
      file.endsWith('.m3u8') ? signedQuery(request) : undefined,
    );
  };
  const signedQuery = (request: FastifyRequest) => {
    const { expires, signature } = request.query as Record<string, string>;
    return `expires=${encodeURIComponent(expires ?? '')}&signature=${encodeURIComponent(signature ?? '')}`;
  };
  const verified = (request: FastifyRequest, id: string) => {
    const { expires, signature } = (request.query ?? {}) as Record<string, unknown>;
    if (!signer.verify('play', id, expires, signature)) throw new NotFoundError('No such file');
  };
  const stream = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    type: string,
    query?: string,
  ) => {
    const info = await services.objects.stat(key);
    if (!info) throw new NotFoundError('No such file');
    reply.header('cache-control', 'private, max-age=60').header('content-type', type);
    if (query !== undefined)
      return reply.send(signPlaylist(await readAll(await services.objects.get(key)), query));
    reply.header('accept-ranges', 'bytes');
    const range = parseRange(request.headers.range, info.size);
    if (range === null) return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    if (range === undefined) {
      return reply.header('content-length', info.size).send(await services.objects.get(key));
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await services.objects.get(key, range));
  };

  app.get('/api/webinar-records/:id/hls/*', { schema: { hide: true } }, async (request, reply) => {
    const { id, '*': file } = request.params as { id: string; '*': string };
    verified(request, id);
    const row = await withTables<MediaTables>(services.db)
      .selectFrom(TABLES.records)
      .select(['playlist_key', 'thumb_key'])
      .where('id', '=', id)
      .where('status', '=', 'ready')
      .where('deleted', '=', false)
      .executeTakeFirst();
    return serve(request, reply, id, row, file);
  });

  app.get('/api/media/:id/hls/*', { schema: { hide: true } }, async (request, reply) => {
    const { id, '*': file } = request.params as { id: string; '*': string };
    verified(request, id);
    const row = await withTables<MediaTables>(services.db)
      .selectFrom(TABLES.items)
      .select(['playlist_key', 'thumb_key'])
      .where('id', '=', id)
      .where('status', '=', 'ready')
      .where('deleted', '=', false)
      .executeTakeFirst();
    return serve(request, reply, id, row, file);
  });

  app.get('/api/media/:id/file', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    verified(request, id);
    const row = await withTables<MediaTables>(services.db)
      .selectFrom(TABLES.items)
      .select(['key', 'mime_type'])
      .where('id', '=', id)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!row?.key) throw new NotFoundError('No such file');
    reply.header('content-disposition', 'inline').header('x-content-type-options', 'nosniff');
    return stream(request, reply, String(row.key), String(row.mime_type ?? 'application/octet-stream'));
  });
}
