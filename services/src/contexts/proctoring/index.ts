import { fileURLToPath } from 'node:url';
import type { BoundedContext } from '../../platform/context';
import { proctoringActionsProjection } from './actions/projection';
import { proctoringPipelineMigrations } from './actions/pipeline-tables';
import { proctoringActionsMigrations } from './actions/table';
import { proctoringRealtime } from './realtime';
import { proctoringRoutes } from './routes';
import { proctoringRouteAccess } from './access-rules';

/**
 * Proctoring: actions and activities as telemetry, timelines with reviews and credibility scores, the
 * review queue, and the live feed on `assignment.{id}` (docs/proctoring.md).
 */
export const proctoringContext: BoundedContext = {
  name: 'proctoring',
  /** ClickHouse: the actions and activities tables, filled from `events` by materialised views. */
  analyticsMigrations: fileURLToPath(new URL('./analytics-migrations/', import.meta.url)),
  routeAccess: proctoringRouteAccess,
  migrations: { ...proctoringActionsMigrations, ...proctoringPipelineMigrations },
  projections: [proctoringActionsProjection],
  routes: (app, services) => proctoringRoutes(app, services),
  realtime: (services) => proctoringRealtime(services),
};
