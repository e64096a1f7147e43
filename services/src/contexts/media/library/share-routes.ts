import { entityAnswer, mediaItemObject, redirectAnswer } from '@sabaq/events';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError } from '../../../platform/errors';
import { authenticate } from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import type { Row } from '../../../platform/http/records/collection';
import { authorize } from '../../../platform/http/records/access';
import { mediaRecordAccess } from '../access-rules';
import { recordId } from '../../../platform/http/records/list-query';
import { decideAndAppend } from '../append';
import { mediaStream } from '../ids';
import { mediaEntity } from '../read-model/entities';
import { TABLES, type MediaTables } from '../read-model/tables';
import type { MediaSigner } from '../signing';
import { mayReadMedia } from '../visibility';
import { mediaDecider } from './media-decider';
import { withTables } from '../../../platform/read-models/database';

/**
 * A lasting link's redirect points at a file URL signed for five minutes and may be cached for four:
 * a browser that reuses the redirect always lands on a signature that still holds.
 */
export const VIEW_TTL_SECONDS = 300;
export const VIEW_MAX_AGE_SECONDS = 240;

/** A shared file's token: 32 random bytes, base64url (43 characters), unguessable. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Anyone of the file's school may see a shared file; an unshared one stays its owner's (and the staff's). */
export function mayViewMedia(caller: Caller, row: Row): boolean {
  if (mayReadMedia(caller, row)) return true;
  return (
    caller.schoolId !== null && row.school_id === caller.schoolId && !row.deleted && row.share_token !== null
  );
}

/**
 * Another context shows the file to the caller (a chat's attachment to its participants: the
 * context's MediaGrant): still only a file of the caller's school that is not removed.
 */
async function grantedElsewhere(services: Pick<ContextServices, 'mediaGrants'>, caller: Caller, row: Row) {
  if (caller.schoolId === null || row.school_id !== caller.schoolId || row.deleted) return false;
  for (const grant of services.mediaGrants ?? [])
    if (await grant.mayRead(caller, String(row.id))) return true;
  return false;
}

async function itemById(services: Pick<ContextServices, 'db'>, id: string) {
  return withTables<MediaTables>(services.db)
    .selectFrom(TABLES.items)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Lasting links for library files shown to others (docs/media.md, "Lasting links"):
 * - POST /api/media/{id}/share.json — the owner marks a file shared (MediaShared, once); answers the
 *   entity with `shared_src`, the address a cover, a lesson or an avatar stores;
 * - GET /api/media/s/{token} — that address: no sign-in (an <img> sends no bearer token), the token is
 *   the proof; a 302 to the file's freshly signed URL while the file is shared and not removed;
 * - GET /api/media/{id}/view — the same redirect for a signed-in caller of the file's school who may see
 *   it: the rule above, or another context's grant (a chat's attachment to the chat's participants).
 */
export async function shareRoutes(app: FastifyInstance, services: ContextServices, signer: MediaSigner) {
  const redirect = (reply: FastifyReply, row: Row) => {
    if (!row.key) throw new NotFoundError('No such file');
    const id = String(row.id);
    const { expires, signature } = signer.sign('play', id, VIEW_TTL_SECONDS);
    return reply
      .header('cache-control', `private, max-age=${VIEW_MAX_AGE_SECONDS}`)
      .redirect(`/api/media/${id}/file?expires=${expires}&signature=${signature}`, 302);
  };

  app.post(
    '/api/media/:id/share.json',
    {
      config: { access: 'records' as const },
      onRequest: authenticate(services.authenticator),
      schema: {
        tags: ['media'],
        params: z.object({ id: recordId }),
        response: { 200: entityAnswer(mediaItemObject) },
      },
    },
    async (request: FastifyRequest) => {
      const caller = request.caller;
      if (!caller) throw new ForbiddenError('Forbidden');
      authorize(mediaRecordAccess, 'media', 'update', caller);
      const { id } = request.params as { id: string };
      const row = await itemById(services, id);
      // Only the owner shares their file; to anyone else it is not there, as on the record calls.
      if (!row || !mayReadMedia(caller, row) || row.owner_id !== caller.userId)
        throw new NotFoundError(`No media record ${id}`);
      await decideAndAppend(
        services,
        mediaStream(id),
        mediaDecider,
        { type: 'share', id, token: randomBytes(32).toString('base64url') },
        { commandKey: 'share', caller },
      );
      const fresh = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.items)
        .selectAll()
        .where('id', '=', id)
        .where('share_token', 'is not', null)
        .executeTakeFirst();
      // decideAndAppend waited for the read model: a row without its token was removed meanwhile.
      if (!fresh) throw new NotFoundError(`No media record ${id}`);
      return { entity: mediaEntity(fresh, signer) };
    },
  );

  app.get(
    '/api/media/s/:token',
    { schema: { hide: true, params: z.object({ token: z.string().max(100) }) } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const row = SHARE_TOKEN.test(token)
        ? await withTables<MediaTables>(services.db)
            .selectFrom(TABLES.items)
            .selectAll()
            .where('share_token', '=', token)
            .where('deleted', '=', false)
            .executeTakeFirst()
        : undefined;
      if (!row) throw new NotFoundError('No such file');
      return redirect(reply, row);
    },
  );

  app.get(
    '/api/media/:id/view',
    { schema: { tags: ['media'], params: z.object({ id: recordId }), response: { 302: redirectAnswer } } },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new ForbiddenError('Forbidden');
      const { id } = request.params as { id: string };
      const row = await itemById(services, id);
      if (!row || !(mayViewMedia(caller, row) || (await grantedElsewhere(services, caller, row))))
        throw new NotFoundError(`No media record ${id}`);
      return redirect(reply, row);
    },
  );
}
