import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityAnswer, messageAnswer, signingCertificate } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import type { AuthenticateRequest } from '../authenticated';
import { registerCertificate, removeCertificate } from './certificates';

/** The signed-in user's signing certificate, for the digital-signature grant (docs/identity.md). */
export async function signatureRoutes(
  root: FastifyInstance,
  services: ContextServices,
  authenticated: AuthenticateRequest,
): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const path = '/api/user/signing-key.json';
  const signedIn = {
    preValidation: async (request: Parameters<AuthenticateRequest>[0]) => void (await authenticated(request)),
  };

  app.post(
    path,
    {
      ...signedIn,
      schema: {
        body: z.object({ certificate: z.string().trim().min(1).max(20_000) }),
        response: { 200: entityAnswer(signingCertificate) },
      },
    },
    async (request) => ({
      entity: await registerCertificate(services, request.caller!.userId, request.body.certificate),
    }),
  );

  app.delete(path, { ...signedIn, schema: { response: { 200: messageAnswer } } }, async (request) => {
    await removeCertificate(services, request.caller!.userId);
    return { message: 'Сертификат удален' };
  });
}
