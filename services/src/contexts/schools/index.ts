import type { BoundedContext } from '../../platform/context';
import { registerCollections } from '../../platform/http/records/routes';
import { schoolsCollection } from './collection';
import { schoolsProjection } from './projection';
import { schoolsMigrations } from './table';
import { schoolsRecordAccess } from './access-rules';

/** The admin's schools (`/api/schools`), over identity's school streams. */
export const schoolsContext: BoundedContext = {
  name: 'schools',
  recordAccess: schoolsRecordAccess,
  migrations: schoolsMigrations,
  projections: [schoolsProjection],
  routes: (app, services) => registerCollections(app, services, [schoolsCollection], schoolsRecordAccess),
};
