import { manifest, modelAvailable } from '@sabaq/models/node';
import type { BoundedContext } from '../../platform/context';
import { LeasedJobWorker } from '../../platform/jobs/leased-job-worker';
import { runAnalysisJob, type AnalysisJob } from './job';
import { analysisProjection } from './projection';
import { analysisRealtime } from './realtime';
import { analysisRoutes } from './routes';
import { analysisMigrations, TABLES } from './tables';
import { analysisRouteAccess, analysisRecordAccess } from './access-rules';

/** Whether every model the analyzer runs is on this machine (models/scripts/fetch-models.mjs). */
function modelsPresent(): boolean {
  return manifest().every((m) => modelAvailable(m.id));
}

/**
 * AI re-analysis of recordings (docs/ai-analysis.md). The analyzer runs beside the api routes in every
 * api process unless ANALYZER=off or the models are missing; several analyzers share the job list
 * safely (platform/jobs/leased-job-worker.ts).
 */
export const analysisContext: BoundedContext = {
  name: 'analysis',
  routeAccess: analysisRouteAccess,
  recordAccess: analysisRecordAccess,
  migrations: analysisMigrations,
  projections: [analysisProjection],
  routes: async (app, services) => {
    await analysisRoutes(app, services);
    if (process.env.ANALYZER === 'off') return;
    if (!modelsPresent()) {
      app.log.warn(
        'analysis: models are missing (node models/scripts/fetch-models.mjs); AI re-analysis is off',
      );
      return;
    }
    const worker = new LeasedJobWorker<AnalysisJob>({
      kind: 'analyzer',
      db: services.db,
      jobsTable: TABLES.jobs,
      claimsTable: TABLES.claims,
      columns: ['session_id', 'run', 'school_id'],
      run: (job) => runAnalysisJob(services, job),
      // An hour of video takes minutes; the lease is renewed while it runs.
      leaseSeconds: 300,
      log: (line) => app.log.error(line),
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  realtime: (services) => analysisRealtime(services),
};
