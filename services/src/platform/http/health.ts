import type { Health, HealthComponent, ProjectionHealth } from '@sabaq/events';

export type { Health as HealthReport, HealthComponent as ComponentHealth, ProjectionHealth };
type HealthReport = Health;
type ComponentHealth = HealthComponent;

interface Check {
  name: string;
  kind: string;
  probe: () => Promise<string | null | void>;
}

const CHECK_TIMEOUT_MS = 2000;

/** Components register a probe; /health runs them all in parallel, each bounded by a timeout. */
export class HealthChecks {
  private readonly checks: Check[] = [];
  private projectionsProbe: (() => Promise<ProjectionHealth[]>) | undefined;
  private readonly startedAt = new Date();

  constructor(
    private readonly mode: 'embedded' | 'distributed',
    private readonly version: string,
  ) {}

  register(name: string, kind: string, probe: () => Promise<string | null | void>): void {
    this.checks.push({ name, kind, probe });
  }

  registerProjections(probe: () => Promise<ProjectionHealth[]>): void {
    this.projectionsProbe = probe;
  }

  async report(): Promise<HealthReport> {
    const components = await Promise.all(this.checks.map((check) => runCheck(check)));
    // A failing projections probe must not take /health down with it: report none instead.
    const projections: ProjectionHealth[] = (await this.projectionsProbe?.().catch(() => undefined)) ?? [];
    const anyDown = components.some((c) => c.status !== 'up');
    // A parked event is data some read model lacks: degraded, though every projection moves on.
    const projectionFailed = projections.some((p) => p.status === 'failed' || (p.parked ?? 0) > 0);
    return {
      status: anyDown
        ? components.every((c) => c.status !== 'up')
          ? 'down'
          : 'degraded'
        : projectionFailed
          ? 'degraded'
          : 'up',
      mode: this.mode,
      version: this.version,
      started_at: this.startedAt.toISOString(),
      uptime_s: Math.round((Date.now() - this.startedAt.getTime()) / 1000),
      components,
      projections,
    };
  }
}

async function runCheck(check: Check): Promise<ComponentHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      check.probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return {
      name: check.name,
      kind: check.kind,
      status: 'up',
      latency_ms: Math.round((performance.now() - started) * 10) / 10,
      detail: detail ?? null,
    };
  } catch (error) {
    return {
      name: check.name,
      kind: check.kind,
      status: 'down',
      latency_ms: null,
      detail: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
