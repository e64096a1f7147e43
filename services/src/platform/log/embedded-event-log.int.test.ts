import { createRegistry } from '@sabaq/events';
import {
  appendAndRead,
  describeEventLogContract,
  noticesContract,
} from '../../../../tests/contracts/event-log.contract';
import { createTestDatabase } from '../../../../tests/support/databases';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createReadModelDb } from '../read-models/database';
import { migrateReadModels } from '../read-models/migrations';
import { EmbeddedEventLog } from './embedded-event-log';

describeEventLogContract('embedded (the store is the log)', async () => {
  const url = await createTestDatabase('log');
  const registry = createRegistry([noticesContract]);
  const store = new PostgresEventStore({ connectionString: url, registry });
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db);
  const log = new EmbeddedEventLog({ store, db, registry });
  return {
    log,
    store,
    publish: async (stream, events) => {
      const stored = await appendAndRead(store, stream, events);
      await log.publish(stored);
      return stored;
    },
    close: () => db.destroy(),
  };
});
