import { sql, type Migration } from 'kysely';
import type { BoundedContext } from '../../platform/context';
import { referenceCollections } from './collections';
import { referenceRoutes } from './routes';
import { seedReference } from './seed';
import { referenceRouteAccess, referenceRecordAccess } from './access-rules';

/** Reference data shared by every school: regions, cities, countries, counties, timezones, languages. */
export const referenceContext: BoundedContext = {
  name: 'reference',
  routeAccess: referenceRouteAccess,
  recordAccess: referenceRecordAccess,
  migrations: {
    ...(Object.fromEntries(
      referenceCollections.map((c, i) => [
        `03${String(i).padStart(2, '0')}_reference_${c.collection.name}`,
        c.migration,
      ]),
    ) as Record<string, Migration>),
    // Cities learnt their country after the table was first made: a table made since has the column.
    '0310_reference_cities_country': {
      async up(db) {
        await sql`ALTER TABLE reference_cities ADD COLUMN IF NOT EXISTS country_id text`.execute(db);
      },
    },
  },
  projections: referenceCollections.map((c) => c.projection),
  routes: (app, services) => referenceRoutes(app, services),
  seed: (services) => seedReference(services),
};
