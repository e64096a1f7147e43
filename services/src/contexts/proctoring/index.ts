import { fileURLToPath } from 'node:url';
import type { BoundedContext } from '../../platform/context';
import { proctoringActionsProjection } from './actions/projection';
import { proctoringPipelineMigrations } from './actions/pipeline-tables';
import { proctoringActionsMigrations } from './actions/table';
import { proctoringRealtime } from './realtime';
import { proctoringRoutes } from './routes';
import { proctoringRouteAccess } from './access-rules';
import { deviceAgentRouteAccess } from './device-agent/access-rules';
import { deviceAgentRoutes } from './device-agent/routes';
import { deviceAgentMigrations } from './device-agent/tables';

/**
 * Proctoring: actions and activities as telemetry, timelines with reviews and credibility scores, the
 * review queue, and the live feed on `assignment.{id}` (docs/proctoring.md).
 */
export const proctoringContext: BoundedContext = {
  name: 'proctoring',
  /** ClickHouse: the actions and activities tables, filled from `events` by materialised views. */
  analyticsMigrations: fileURLToPath(new URL('./analytics-migrations/', import.meta.url)),
  routeAccess: { ...proctoringRouteAccess, ...deviceAgentRouteAccess },
  migrations: { ...proctoringActionsMigrations, ...proctoringPipelineMigrations, ...deviceAgentMigrations },
  projections: [proctoringActionsProjection],
  routes: async (app, services) => {
    await proctoringRoutes(app, services);
    // The local exam agent's calls (docs/device-agent.md).
    await deviceAgentRoutes(app, services);
  },
  realtime: (services) => proctoringRealtime(services),
};
