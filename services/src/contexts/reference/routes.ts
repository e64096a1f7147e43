import { entitiesAnswer, enumerationsAnswer, enumItem } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import { authenticate } from '../../platform/http/authenticate';
import type { AccessTable } from '../../platform/http/records/access';
import { registerCollections } from '../../platform/http/records/routes';
import { referenceCollections } from './collections';
import { enumerations } from './enums';
import { referenceRecordAccess } from './access-rules';

export async function referenceRoutes(
  app: FastifyInstance,
  services: ContextServices,
  access: AccessTable = referenceRecordAccess,
): Promise<void> {
  await registerCollections(
    app,
    services,
    referenceCollections.map((c) => c.collection),
    access,
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Enumerations are open to every signed-in caller, like the rest of the reference data.
  const signedIn = { onRequest: authenticate(services.authenticator) };
  api.get(
    '/api/enums.json',
    { ...signedIn, schema: { tags: ['enums'], response: { 200: enumerationsAnswer } } },
    async () => ({
      entities: enumerations,
    }),
  );
  api.get(
    '/api/enum/:name',
    {
      ...signedIn,
      schema: {
        tags: ['enums'],
        params: z.object({ name: z.string().regex(/^[a-z0-9-]{1,64}\.json$/) }),
        response: { 200: entitiesAnswer(enumItem) },
      },
    },
    async (request) => {
      const name = request.params.name.replace(/\.json$/, '');
      const items = Object.prototype.hasOwnProperty.call(enumerations, name) ? enumerations[name] : undefined;
      if (!items) throw new NotFoundError(`No enumeration ${name}`);
      return { entities: items };
    },
  );
}
