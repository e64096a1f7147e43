import { createRegistry } from '@sabaq/events';
import { contexts } from '../contexts';
import { ANALYTICS_EVENTS } from '../platform/analytics/events-projector';
import { loadConfig } from '../platform/config/config';
import { migrationsOf, projectionsOf } from '../platform/context';
import { PostgresEventStore } from '../platform/event-store/postgres/postgres-event-store';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '../platform/postgres/embedded-postgres';
import {
  parkedCount,
  parkedSummaries,
  replayRequestsPending,
  requestReplay,
} from '../platform/projections/parked-events';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import { createReadModelDb } from '../platform/read-models/database';
import { migrateReadModels } from '../platform/read-models/migrations';

/** How long to wait for a running platform to try the parked events again. */
const WAIT_MS = 120_000;

/**
 * `npm run replay-parked -- <projection|all>`: after a fix, tries again the events a projection parked
 * (platform/projections/parked-events.ts). It marks them; the projection that parked them replays them,
 * each alone: a running platform within about two seconds, else this command (read-model projections)
 * or the platform's next start (the analytics copy, whose engine only the platform opens). Exits 0 when
 * none of the chosen projections' events stay parked, 1 when some still fail (their errors printed).
 */
async function main(): Promise<void> {
  const wanted = process.argv[2];
  const projections = projectionsOf(contexts);
  const names = [...projections.map((p) => p.name), ANALYTICS_EVENTS.name];
  const chosen = wanted === 'all' ? names : names.filter((name) => name === wanted);
  if (!wanted || chosen.length === 0) {
    console.error(`usage: npm run replay-parked -- <projection|all>\nprojections: ${names.join(', ')}`);
    process.exit(2);
  }
  const config = loadConfig();
  let url = config.databaseUrl;
  let stopPostgres: (() => Promise<void>) | undefined;
  let platformRunning = url !== undefined;
  if (!url) {
    const running = await runningEmbeddedPostgres(config.dataDir);
    if (running) {
      url = running.urlFor('sabaq');
      platformRunning = true;
    } else {
      const started = await startEmbeddedPostgres({ dataDir: config.dataDir });
      await started.ensureDatabase('sabaq');
      url = started.urlFor('sabaq');
      stopPostgres = () => started.stop();
    }
  }
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  const db = createReadModelDb(url);
  let code = 0;
  try {
    await store.migrate();
    await migrateReadModels(db, migrationsOf(contexts));
    const marked = await requestReplay(db, chosen);
    console.log(`asked to replay ${marked} parked event(s) of ${chosen.join(', ')}`);
    const own = projections.filter((p) => chosen.includes(p.name));
    if (!platformRunning && own.length > 0) {
      // No runner is there to do it: one of our own replays at its start, then stops.
      const runner = new ProjectionRunner({ store, db, projections: own });
      await runner.start();
      await runner.stop();
    }
    const waitFor = platformRunning ? chosen : chosen.filter((name) => name !== ANALYTICS_EVENTS.name);
    const deadline = Date.now() + WAIT_MS;
    while ((await replayRequestsPending(db, waitFor)) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!platformRunning && chosen.includes(ANALYTICS_EVENTS.name)) {
      console.log(`${ANALYTICS_EVENTS.name}: replayed at the platform's next start`);
    }
    const summaries = await parkedSummaries(db);
    for (const name of chosen) {
      const summary = summaries.get(name);
      if (summary) console.log(`${name}: ${summary.count} still parked; first error: ${summary.firstError}`);
    }
    const left = await parkedCount(db, waitFor);
    if (left > 0) code = 1;
    else console.log('replayed: nothing parked');
  } finally {
    await store.close();
    await db.destroy();
    await stopPostgres?.();
  }
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
