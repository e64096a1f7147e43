import { entityAnswer, mediaItemObject, mediaOverviewObject, previewAnswer } from '@sabaq/events';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import { authenticate, callerOf } from '../../../platform/http/authenticate';
import { authorize } from '../../../platform/http/records/access';
import { mediaRecordAccess } from '../access-rules';
import { recordId } from '../../../platform/http/records/list-query';
import { mediaPrefix } from '../ids';
import { mediaEntity } from '../read-model/entities';
import { TABLES, type MediaTables } from '../read-model/tables';
import type { MediaSigner } from '../signing';
import { mayReadMedia } from '../visibility';
import { createMedia, retryMedia } from './commands';
import { withTables } from '../../../platform/read-models/database';

/** One library file per request, streamed to storage; video is transcoded, so it may be a whole lesson. */
export const MAX_MEDIA_BYTES = 4 * 1024 * 1024 * 1024;

const folderBody = z
  .object({
    name: z.string().trim().min(1, 'Введите название').max(255),
    type: z.literal('folder'),
    description: z.string().max(5000).nullable().optional(),
    parent_id: z.union([recordId, z.null()]).optional(),
  })
  .strict();

/** The kind of a file from its declared type; only these kinds are served inline (never HTML). */
export function kindOf(mime: string): { type: string; mime: string } {
  const [major] = mime.split('/');
  if (major === 'video' || major === 'image' || major === 'audio') return { type: major, mime };
  if (mime === 'application/pdf') return { type: 'document', mime };
  return { type: 'other', mime: 'application/octet-stream' };
}
const rootOf = (parent: string | null | undefined) =>
  parent === undefined || parent === 'null' ? null : parent;

/**
 * The media library beside its record calls: POST /api/media takes one multipart file (fields
 * parent_id, name) or a JSON folder; POST /api/media/{id}/preview.json answers the item's preview src;
 * POST /api/media/{id}/retry.json converts a video again; GET /api/media-overview.json sums the caller's
 * library by type and status.
 */
export async function createMediaHandler(services: ContextServices, signer: MediaSigner) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    if (caller.schoolId === null) throw new ForbiddenError('Choose a school first');
    const id = services.newId();
    if (request.isMultipart()) {
      const fields: Record<string, string> = {};
      let file: { filename: string; mimetype: string; size: number; truncated: boolean } | undefined;
      const key = `${mediaPrefix(id)}file/original`;
      for await (const part of request.parts({
        limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 10 },
      })) {
        if (part.type === 'file') {
          // Streamed to object storage as it arrives: a lesson video never sits in memory whole.
          const counted = { size: 0 };
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              counted.size += chunk.length;
              done(null, chunk);
            },
          });
          part.file.pipe(counter);
          // An empty stream is no upload for S3's multipart calls: that is the 422 below, not a 500.
          await services.objects
            .put(key, counter, { contentType: kindOf(part.mimetype).mime })
            .catch((error: unknown) => {
              if (counted.size > 0) throw error;
            });
          file = {
            filename: part.filename,
            mimetype: part.mimetype,
            size: counted.size,
            truncated: part.file.truncated,
          };
        } else fields[part.fieldname] = String(part.value).slice(0, 1000);
      }
      if (!file || file.size === 0 || file.truncated) {
        await services.objects.remove([key]);
        if (file?.truncated)
          throw new DomainError('The file is too large', 413, 413, { file: ['Файл слишком большой'] });
        throw new ValidationError('No file', { file: ['Файл не выбран'] });
      }
      const parent = rootOf(fields.parent_id);
      if (parent !== null && !recordId.safeParse(parent).success) {
        await services.objects.remove([key]);
        throw new ValidationError('Unknown folder', { parent_id: ['Папка не найдена'] });
      }
      const { type, mime } = kindOf(file.mimetype);
      const name = (fields.name || file.filename || 'file').slice(0, 255);
      await createMedia(services, caller, {
        id,
        parent_id: parent,
        name,
        description: null,
        type,
        file_name: (file.filename || name).slice(0, 255),
        file_size: file.size,
        mime_type: mime,
        key,
      });
    } else {
      // The route has no body schema (multipart or JSON), so the folder is validated here, in the same shape.
      const parsed = folderBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
        throw new ValidationError('The given data was invalid.', errors);
      }
      const body = parsed.data;
      await createMedia(services, caller, {
        id,
        parent_id: rootOf(body.parent_id),
        name: body.name,
        description: body.description ?? null,
        type: 'folder',
        file_name: null,
        file_size: null,
        mime_type: null,
        key: null,
      });
    }
    const row = await withTables<MediaTables>(services.db)
      .selectFrom(TABLES.items)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ entity: mediaEntity(row, signer) });
  };
}

export async function libraryRoutes(app: FastifyInstance, services: ContextServices, signer: MediaSigner) {
  const idSchema = { tags: ['media'], params: z.object({ id: recordId }) };
  const signedIn = {
    config: { access: 'records' as const },
    onRequest: authenticate(services.authenticator),
  };
  const readable = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    authorize(mediaRecordAccess, 'media', 'get', caller);
    const { id } = request.params as { id: string };
    const row = await withTables<MediaTables>(services.db)
      .selectFrom(TABLES.items)
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !mayReadMedia(caller, row)) throw new NotFoundError(`No media record ${id}`);
    return { caller, row };
  };

  app.post(
    '/api/media/:id/preview.json',
    { ...signedIn, schema: { ...idSchema, response: { 200: previewAnswer } } },
    async (request) => {
      const { row } = await readable(request);
      const entity = mediaEntity(row, signer);
      return { src: entity.preview_src ?? (row.type === 'image' ? entity.src : null) };
    },
  );

  app.post(
    '/api/media/:id/retry.json',
    { ...signedIn, schema: { ...idSchema, response: { 200: entityAnswer(mediaItemObject) } } },
    async (request) => {
      const { caller, row } = await readable(request);
      if (row.owner_id !== caller.userId) throw new NotFoundError(`No media record ${String(row.id)}`);
      await retryMedia(services, caller, String(row.id));
      const fresh = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.items)
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { entity: mediaEntity(fresh, signer) };
    },
  );

  app.get(
    '/api/media-overview.json',
    {
      onRequest: authenticate(services.authenticator),
      schema: { response: { 200: entityAnswer(mediaOverviewObject) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.items)
        .select(['type', 'status'])
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('file_size').as('size')])
        .where('school_id', '=', caller.schoolId)
        .where('owner_id', '=', caller.userId)
        .where('deleted', '=', false)
        .groupBy(['type', 'status'])
        .execute();
      const byType: Record<string, { count: number; size: number }> = {};
      const byStatus: Record<string, number> = {};
      let count = 0;
      let size = 0;
      for (const row of rows) {
        const n = Number(row.count);
        const bytes = Number(row.size ?? 0);
        const type = (byType[String(row.type)] ??= { count: 0, size: 0 });
        type.count += n;
        type.size += bytes;
        byStatus[String(row.status)] = (byStatus[String(row.status)] ?? 0) + n;
        count += n;
        size += bytes;
      }
      return { entity: { count, size, types: byType, statuses: byStatus } };
    },
  );
}
