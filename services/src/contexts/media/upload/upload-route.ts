import { uploadAnswer } from '@sabaq/events';
import { createHash } from 'node:crypto';
import { CHUNK_NAME, MANIFEST_NAME, manifestSchema, type Manifest } from '@sabaq/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContextServices } from '../../../platform/context';
import { DomainError, NotFoundError, ValidationError } from '../../../platform/errors';
import { chunkKey, sessionStream } from '../ids';
import { TABLES, type MediaTables } from '../read-model/tables';
import { receiveManifest, storeChunkEvent } from '../sessions/commands';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  PLAYLIST_EMPTY,
  type SessionEvent,
} from '../sessions/session-decider';
import type { MediaSigner } from '../signing';
import { withTables } from '../../../platform/read-models/database';

export const PARAMS_EMPTY = 'Video upload params is empty';
/** A recorder's chunk is seconds of video; this bounds what one request may hold in memory. */
export const MAX_CHUNK_BYTES = 64 * 1024 * 1024;

interface Upload {
  fields: Record<string, string>;
  file: { filename: string; data: Buffer } | undefined;
}

/** Reads a multipart request: its fields, and its one file (a second file is refused). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) return { fields: {}, file: undefined };
  const upload: Upload = { fields: {}, file: undefined };
  for await (const part of request.parts({ limits: { fileSize: MAX_CHUNK_BYTES, files: 2, fields: 20 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (upload.file) throw new ValidationError('One file per request', { file: ['Один файл за запрос'] });
      upload.file = { filename: part.filename, data };
    } else {
      upload.fields[part.fieldname] = String(part.value).slice(0, 1000);
    }
  }
  return upload;
}

function parseManifest(data: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ValidationError(PLAYLIST_EMPTY, { file: ['manifest.json is not JSON'] });
  }
  const segments = (json as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments) || segments.length === 0) {
    throw new ValidationError(PLAYLIST_EMPTY, { segments: [PLAYLIST_EMPTY] });
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || 'file'] ??= []).push(issue.message);
    throw new ValidationError('The playlist is not valid', errors);
  }
  return parsed.data;
}

/**
 * POST /api/webinar-sessions/{id}/upload: the browser's chunk uploader (specification 001 §7, §9). A
 * multipart request with the session's upload params as fields (expires, signature) and one file: a
 * recorded chunk, or `manifest.json`, the playlist, last. No Authorization header: the params are the
 * proof (signing.ts). Each chunk goes to object storage as it arrives, under a key naming its content,
 * so a retry or a duplicate stores nothing new and never overwrites what the session recorded.
 */
export async function uploadRoute(app: FastifyInstance, services: ContextServices, signer: MediaSigner) {
  app.post(
    '/api/webinar-sessions/:id/upload',
    { schema: { tags: ['webinar-sessions'], response: { 200: uploadAnswer, 201: uploadAnswer } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const upload = await readUpload(request);
      const { expires, signature } = upload.fields;
      if (!expires && !signature) throw new ValidationError(PARAMS_EMPTY, { params: [PARAMS_EMPTY] });
      // A wrong or expired signature says nothing about whether the session exists.
      if (!signer.verify('upload', id, expires, signature)) {
        throw new DomainError('The upload params are invalid or expired', 403);
      }
      const session = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.sessions)
        .select(['owner_id', 'school_id'])
        .where('id', '=', id)
        .where('deleted', '=', false)
        .executeTakeFirst();
      if (!session) throw new NotFoundError(`No webinar-sessions record ${id}`);
      const who = {
        userId: String(session.owner_id),
        schoolId: session.school_id === null ? null : String(session.school_id),
      };
      if (!upload.file) throw new ValidationError('No file', { file: ['Файл не выбран'] });
      const name = upload.fields.name || upload.file.filename;

      if (name === MANIFEST_NAME) {
        const manifest = parseManifest(upload.file.data);
        await receiveManifest(services, id, manifest, who);
        return reply
          .status(200)
          .send({ entity: { session_id: id, name, segments: manifest.segments.length } });
      }
      if (!CHUNK_NAME.test(name))
        throw new ValidationError('Bad chunk name', { file: ['Недопустимое имя файла'] });
      const sha256 = createHash('sha256').update(upload.file.data).digest('hex');
      const chunk = { name, sha256, size: upload.file.data.length, key: chunkKey(id, name, sha256) };
      // Decide before storing: a conflicting or finished upload stores nothing.
      const history = (await services.store.readStream(sessionStream(id))) as unknown as SessionEvent[];
      const state = history.reduce(evolveSession, initialSessionState);
      const stored = decideSession({ type: 'store-chunk', id, ...chunk }, state).length > 0;
      if (stored) {
        await services.objects.put(chunk.key, upload.file.data, { contentType: 'application/octet-stream' });
        await storeChunkEvent(services, id, chunk, who);
      }
      return reply
        .status(stored ? 201 : 200)
        .send({ entity: { session_id: id, name, sha256, size: chunk.size, stored } });
    },
  );
}
