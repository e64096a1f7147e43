import type { EventRegistry } from '@sabaq/events';
import type { ClickHouseAnalytics } from '../analytics/clickhouse-analytics';
import type { PlatformConfig } from '../config/config';
import type { HealthChecks } from '../http/health';
import type { LogParts } from '../log/create-log';
import type { MinioObjectStore } from '../objects/minio-object-store';
import type { EventStore } from '../ports/event-store';
import type { ReadModelDb } from '../read-models/database';

/** The back ends every role is started with, and the hooks it registers its own parts on. */
export interface Backends {
  config: PlatformConfig;
  registry: EventRegistry;
  /** Read models (and, embedded, the event store) live here. */
  databaseUrl: string;
  embedded: boolean;
  store: EventStore;
  db: ReadModelDb;
  analytics: ClickHouseAnalytics;
  objects: MinioObjectStore;
  log: LogParts;
  health: HealthChecks;
  announce: (line: string) => void;
  /** Registers a shutdown step; steps run in reverse order of registration. */
  onStop: (stop: () => Promise<void>) => void;
}
