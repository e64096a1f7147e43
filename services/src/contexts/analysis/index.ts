import type { BoundedContext } from '../../platform/context';
import { LeasedJobWorker, timeLimitFromEnv } from '../../platform/jobs/leased-job-worker';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { missingModels } from './detectors';
import { failAnalysisJob, runAnalysisJob, type AnalysisJob } from './job';
import { analysisProjection } from './projection';
import { analysisRealtime } from './realtime';
import { analysisRoutes } from './routes';
import { analysisScheduling } from './scheduling';
import { analysisMigrations, TABLES } from './tables';
import { analysisRouteAccess, analysisRecordAccess } from './access-rules';

/**
 * AI re-analysis of recordings (docs/ai-analysis.md). The scheduler asks for the analysis of every
 * converted recording analysed by default; the analyzer runs beside the api routes in every api process
 * unless ANALYZER=off or the face models are missing (without another model, its detectors are reported
 * as not run); several analyzers share the job list safely (platform/jobs/leased-job-worker.ts).
 */
export const analysisContext: BoundedContext = {
  name: 'analysis',
  routeAccess: analysisRouteAccess,
  recordAccess: analysisRecordAccess,
  migrations: analysisMigrations,
  projections: [analysisProjection],
  routes: async (app, services) => {
    await analysisRoutes(app, services);
    // The scheduler runs even where this process analyses nothing: another process's analyzer takes the job.
    const scheduler = new ProjectionRunner({
      store: services.store,
      db: services.db,
      projections: [analysisScheduling(services)],
      log: (message, fields) => app.log.warn({ ...fields }, message),
    });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
    if (process.env.ANALYZER === 'off') return;
    const missing = missingModels();
    if (missing.required.length > 0) {
      app.log.warn(
        `analysis: models ${missing.required.join(', ')} are missing (node models/scripts/fetch-models.mjs); AI re-analysis is off`,
      );
      return;
    }
    if (missing.optional.length > 0) {
      app.log.warn(
        `analysis: models ${missing.optional.join(', ')} are missing: their detectors are reported as not run`,
      );
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
      // Two hours is a run that will not end: it fails with the reason and the next one starts.
      timeLimitMs: timeLimitFromEnv('ANALYSIS_TIME_LIMIT_S') ?? 2 * 60 * 60_000,
      timedOut: (job, reason) => failAnalysisJob(services, job, reason),
      log: (line) => app.log.error(line),
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  realtime: (services) => analysisRealtime(services),
};
