import { createRegistry } from '@sabaq/events';
import { contexts } from '../contexts';
import { migrationsOf, projectionsOf } from '../platform/context';
import { loadConfig } from '../platform/config/config';
import { PostgresEventStore } from '../platform/event-store/postgres/postgres-event-store';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '../platform/postgres/embedded-postgres';
import { ProjectionRunner, resetProjection } from '../platform/projections/projection-runner';
import { loadCheckpoint } from '../platform/read-models/checkpoints';
import { createReadModelDb } from '../platform/read-models/database';
import { migrateReadModels } from '../platform/read-models/migrations';

/**
 * `npm run rebuild -- <projection|all>`: wipes a read model and replays the whole log into it.
 * Beside a running platform it resets the checkpoint and watches the platform's own runner rebuild;
 * with the platform stopped it rebuilds by itself and exits when caught up.
 */
async function main(): Promise<void> {
  const wanted = process.argv[2];
  const projections = projectionsOf(contexts);
  const chosen = wanted === 'all' ? projections : projections.filter((p) => p.name === wanted);
  if (!wanted || chosen.length === 0) {
    console.error(
      `usage: npm run rebuild -- <projection|all>\nprojections: ${projections.map((p) => p.name).join(', ')}`,
    );
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
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db, migrationsOf(contexts));
  try {
    for (const projection of chosen) await resetProjection(db, projection);
    console.log(`reset: ${chosen.map((p) => p.name).join(', ')}`);
    const head = await store.headPosition();
    let runner: ProjectionRunner | undefined;
    if (!platformRunning) {
      runner = new ProjectionRunner({ store, db, projections: chosen });
      await runner.start();
    }
    for (;;) {
      const positions = await Promise.all(
        chosen.map(async (p) => (await loadCheckpoint(db, p.name))?.position ?? 0n),
      );
      const done = positions.every((p) => p >= head);
      console.log(
        chosen.map((p, i) => `${p.name} ${positions[i]}/${head}`).join('  ') + (done ? '  rebuilt' : ''),
      );
      if (done) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await runner?.stop();
  } finally {
    await store.close();
    await db.destroy();
    await stopPostgres?.();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
