/** The answer of GET /health, as the platform reports itself; shared by the server and the web app. */
export type OverallStatus = 'up' | 'degraded' | 'down';
export type ComponentStatus = 'up' | 'down' | 'starting';
export type ProjectionStatus = 'live' | 'catching_up' | 'rebuilding' | 'failed' | 'stopped';
export type PlatformMode = 'embedded' | 'distributed';
export type ComponentName =
  | 'event_store'
  | 'read_models'
  | 'analytics'
  | 'objects'
  | 'log'
  | 'http'
  // The workers' tools (ffmpeg, the detector models), where this process runs the worker.
  | 'transcoder'
  | 'analyzer';

export interface HealthComponent {
  /** One of ComponentName today; a newer platform may report more, shown under their raw names. */
  name: string;
  /** What backs it here, e.g. postgres, chdb, s3rver, embedded. */
  kind: string;
  status: ComponentStatus;
  latency_ms: number | null;
  detail: string | null;
}

export interface ProjectionHealth {
  name: string;
  version: number;
  /** Global log positions are 64-bit, so they travel as decimal strings. */
  position: string;
  head: string;
  lag: number;
  status: ProjectionStatus;
  /**
   * Events the projection failed on repeatedly and stepped over (a dead-letter table); any makes the
   * platform `degraded` until `npm run replay-parked` succeeds or a rebuild runs. Absent from older servers.
   */
  parked?: number;
  /** The first parked event's error. */
  parked_error?: string | null;
}

export interface Health {
  status: OverallStatus;
  mode: PlatformMode;
  version: string;
  started_at: string;
  uptime_s: number;
  components: HealthComponent[];
  projections: ProjectionHealth[];
}
