import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { ForbiddenError } from '../../platform/errors';
import type { AccessTable } from '../../platform/http/records/access';
import { mediaRecordAccess } from './access-rules';
import { registerCollections } from '../../platform/http/records/routes';
import { mediaCollections, recordBody } from './collections';
import { externalRoutes } from './external/external-routes';
import { createMediaHandler, libraryRoutes, MAX_MEDIA_BYTES } from './library/library-routes';
import { playbackRoutes } from './playback/playback-routes';
import { shareRoutes } from './library/share-routes';
import { retentionRoutes } from './retention/retention-routes';
import { sessionRoutes, requestConversion } from './sessions/session-routes';
import { MediaSigner } from './signing';
import { uploadRoute } from './upload/upload-route';
import { mediaVisibility } from './visibility';

export interface MediaRouteOptions {
  access?: AccessTable;
  signer?: MediaSigner;
}

/** Upload params are the student's to use: other readers of a session get it without them. */
function stripUploadParams(request: FastifyRequest, payload: unknown): unknown {
  const caller = request.caller;
  const strip = (entity: unknown) => {
    if (entity && typeof entity === 'object' && 'file_upload_params' in entity) {
      const e = entity as Record<string, unknown>;
      if (e.user_id !== caller?.userId) return { ...e, file_upload_endpoint: null, file_upload_params: null };
    }
    return entity;
  };
  if (!payload || typeof payload !== 'object') return payload;
  const body = payload as { entity?: unknown; entities?: unknown };
  if (body.entity) return { ...body, entity: strip(body.entity) };
  if (Array.isArray(body.entities)) return { ...body, entities: body.entities.map(strip) };
  const paged = body.entities as { data?: unknown[] } | undefined;
  if (paged && Array.isArray(paged.data))
    return { ...body, entities: { ...paged, data: paged.data.map(strip) } };
  return payload;
}

/**
 * Webinar sessions and records, chunk upload, playback and the media library (docs/media.md). The
 * record calls follow the access table; the visibility rule narrows a teacher to the assignments they
 * teach; upload and playback are authorised by signatures (signing.ts), not by the Authorization header.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  services: ContextServices,
  options: MediaRouteOptions = {},
) {
  const access = options.access ?? mediaRecordAccess;
  const signer = options.signer ?? MediaSigner.fromEnvironment(services.clock);
  const createMedia = await createMediaHandler(services, signer);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_MEDIA_BYTES, files: 2, fields: 20, parts: 30 },
    });
    scope.addHook('preHandler', mediaVisibility(services));
    scope.addHook(
      'preSerialization',
      async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) =>
        // The phone's link opens a session for its own recording: its upload params are the point.
        request.url.startsWith('/api/webinar-sessions') &&
        !request.url.startsWith('/api/webinar-sessions/external/')
          ? stripUploadParams(request, payload)
          : payload,
    );
    scope.addHook('onRoute', (route: RouteOptions) => {
      if (route.method !== 'POST') return;
      if (route.url === '/api/webinar-records') {
        route.handler = async (request: FastifyRequest, reply: FastifyReply) => {
          if (!request.caller) throw new ForbiddenError('Forbidden');
          const body = recordBody.parse(request.body);
          return reply.status(201).send({
            entity: await requestConversion(services, signer, request.caller, body.webinar_session_id),
          });
        };
      }
      if (route.url === '/api/media') {
        // Multipart or a JSON folder: the handler reads the body itself.
        route.schema = { ...route.schema, body: z.unknown() };
        route.preValidation = undefined;
        route.handler = createMedia;
      }
    });
    await registerCollections(scope, services, mediaCollections(signer), access);
    await uploadRoute(scope, services, signer);
    await playbackRoutes(scope, services, signer);
    await sessionRoutes(scope, services, signer);
    await externalRoutes(scope, services, signer);
    await libraryRoutes(scope, services, signer);
    await shareRoutes(scope, services, signer);
    await retentionRoutes(scope, services);
  });
}
