import { entitiesAnswer, entityAnswer, geoPlace, salesFigures as salesFiguresAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { callerOf } from '../../../platform/http/authenticate';
import { dashboardRange } from '../../analytics/dashboard/range';
import { geocoderFromEnvironment } from '../geocoder';
import { MIN_SEARCH_LENGTH } from '../geocoder/geocoder-port';
import { salesFigures } from '../sales-analytics';
import { id, tags } from './route-kit';

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');
const geocoderQuery = z.object({
  address: z.string().max(500).default(''),
  city_id: id.optional(),
  raw: flag.default(false),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

/** The address search (geocoder) and the shop's dashboard figures (analytics). */
export function lookupRoutes(app: FastifyInstance, services: ContextServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // 000 §5, §7: the order form's address search and the map's reverse lookup (`raw`: "lat,lng").
  const geocoder = geocoderFromEnvironment();
  api.get(
    '/api/geocoder',
    { schema: { tags, querystring: geocoderQuery, response: { 200: entitiesAnswer(geoPlace) } } },
    async (request) => {
      const { address, city_id, raw, limit } = request.query;
      if (raw) {
        const point = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(address);
        const lat = Number(point?.[1]);
        const lng = Number(point?.[2]);
        if (!point || Math.abs(lat) > 90 || Math.abs(lng) > 180)
          throw new ValidationError('Неверные координаты', { address: ['Неверные координаты'] });
        return { entities: await geocoder.reverse({ lat, lng, limit }) };
      }
      // The search starts after 3 characters, on the server too: a shorter text finds nothing.
      if (address.trim().length < MIN_SEARCH_LENGTH) return { entities: [] };
      return { entities: await geocoder.search({ text: address.trim(), cityId: city_id ?? null, limit }) };
    },
  );

  // The shop's figures for the school's dashboard, from ClickHouse (sales-analytics.ts).
  api.get(
    '/api/shop/analytics.json',
    {
      schema: {
        tags,
        querystring: z.object({ from: z.string().max(40).optional(), to: z.string().max(40).optional() }),
        response: { 200: entityAnswer(salesFiguresAnswer) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.schoolId === null) throw new NotFoundError('Школа не выбрана');
      const range = dashboardRange(request.query.from, request.query.to, services.clock());
      return { entity: await salesFigures(services.analytics, caller.schoolId, range) };
    },
  );
}
