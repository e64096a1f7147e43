import type { EventRegistry } from '@sabaq/events';
import type { ClickHouseAnalytics } from '../platform/analytics/clickhouse-analytics';
import type { PlatformConfig } from '../platform/config/config';
import type { BoundedContext } from '../platform/context';
import type { HealthChecks } from '../platform/http/health';
import type { LogParts } from '../platform/log/create-log';
import type { MinioObjectStore } from '../platform/objects/minio-object-store';
import type { EventStore } from '../platform/ports/event-store';
import type { ReadModelDb } from '../platform/read-models/database';

/** The back ends every role is started with, and the hooks it registers its own parts on. */
export interface Backends {
  config: PlatformConfig;
  /** The contexts this platform serves, given by the caller of startPlatform. */
  contexts: readonly BoundedContext[];
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
