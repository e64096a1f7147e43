import { createRegistry } from '@sabaq/events';
import { describeEventStoreContract } from '../../../../../tests/contracts/event-store.contract';
import { createTestDatabase } from '../../../../../tests/support/databases';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract('PostgreSQL', async () => {
  const store = new PostgresEventStore({ connectionString: await createTestDatabase('es'), registry: createRegistry() });
  await store.migrate();
  return store;
});
