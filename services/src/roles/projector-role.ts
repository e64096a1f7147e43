import type { ProjectionHealth } from '@sabaq/events';
import { ANALYTICS_EVENTS, AnalyticsEventsProjector } from '../platform/analytics/events-projector';
import { projectionsOf } from '../platform/context';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import { parkedSummaries } from '../platform/projections/parked-events';
import type { Backends } from './backends';

export interface ProjectorParts {
  runner: ProjectionRunner;
  analyticsProjector: AnalyticsEventsProjector;
}

/** Runs every context's read-model projections and the analytics copy, and reports them in /health. */
export async function startProjectorRole(b: Backends): Promise<ProjectorParts> {
  const analyticsProjector = new AnalyticsEventsProjector({
    store: b.store,
    analytics: b.analytics,
    db: b.db,
    registry: b.registry,
    onError: (error) => console.warn('analytics projection failed; retrying', error),
  });
  await analyticsProjector.start();
  b.onStop(() => analyticsProjector.stop());
  const runner = new ProjectionRunner({
    store: b.store,
    db: b.db,
    projections: projectionsOf(b.contexts),
    log: (message, fields) => console.warn(message, fields ?? ''),
  });
  await runner.start();
  b.onStop(() => runner.stop());
  b.health.registerProjections(async () => {
    const head = await b.store.headPosition();
    const parked = await parkedSummaries(b.db);
    const row = (name: string, version: number, position: bigint, status: string): ProjectionHealth => ({
      name,
      version,
      position: position.toString(),
      head: head.toString(),
      lag: Number(head - position),
      status: status as ProjectionHealth['status'],
      parked: parked.get(name)?.count ?? 0,
      parked_error: parked.get(name)?.firstError ?? null,
    });
    const copied = analyticsProjector.position();
    return [
      ...(await runner.refreshStatuses(head)).map((s) => row(s.name, s.version, s.position, s.status)),
      row(ANALYTICS_EVENTS.name, ANALYTICS_EVENTS.version, copied, copied >= head ? 'live' : 'catching_up'),
    ];
  });
  b.announce(
    `projections running: ${projectionsOf(b.contexts)
      .map((p) => `${p.name} v${p.version}`)
      .join(', ')}`,
  );
  return { runner, analyticsProjector };
}
