import type { Migration } from 'kysely';
import type { Projection } from '../../platform/projections/projection';
import { proctoringActionsMigrations } from './actions/table';
import { proctoringActionsProjection } from './actions/projection';

/** What the proctoring context contributes to a role; roles only assemble these. */
export const proctoringContext = {
  name: 'proctoring',
  migrations: { ...proctoringActionsMigrations } as Record<string, Migration>,
  projections: [proctoringActionsProjection] as Projection[],
};
