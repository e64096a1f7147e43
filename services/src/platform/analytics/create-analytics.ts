import type { PlatformConfig } from '../config/config';
import { ClickHouseAnalytics } from './clickhouse-analytics';

/** chdb in this process under DATA_DIR (embedded), or the ClickHouse server the configuration names. */
export function createAnalytics(config: PlatformConfig): ClickHouseAnalytics {
  const a = config.analytics;
  return a.kind === 'chdb'
    ? ClickHouseAnalytics.embedded({ path: a.path })
    : ClickHouseAnalytics.server({
        url: a.url,
        username: a.user,
        password: a.password,
        database: a.database,
      });
}
