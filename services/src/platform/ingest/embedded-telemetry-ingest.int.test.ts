import { createRegistry, InvalidEventPayloadError } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/databases';
import { actionEvent, actionEvents, attemptStream } from '../../../../tests/support/events';
import { IdempotencyConflictError } from '../errors';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { EmbeddedTelemetryIngest } from './embedded-telemetry-ingest';

describe('embedded telemetry ingest', () => {
  let store: PostgresEventStore;
  let ingest: EmbeddedTelemetryIngest;
  beforeAll(async () => {
    store = new PostgresEventStore({
      connectionString: await createTestDatabase('ingest'),
      registry: createRegistry(),
    });
    await store.migrate();
    ingest = new EmbeddedTelemetryIngest(store);
  });
  afterAll(async () => {
    await ingest?.close();
    await store?.close();
  });

  const ids = (events: { id: string }[]) => events.map((e) => e.id);

  it('stores submitted telemetry at once and once per event id, even for a retry that grew', async () => {
    const attempt = attemptStream();
    const batch = actionEvents(attempt, 3);
    const later = actionEvent(attempt);
    await ingest.submit(attempt, batch);
    expect(ids(await store.readStream(attempt))).toEqual(ids(batch));
    await ingest.submit(attempt, batch);
    await ingest.submit(attempt, [batch[1]!, later]);
    expect(ids(await store.readStream(attempt))).toEqual(ids([...batch, later]));
  });

  it('throws the typed errors of the store for invalid telemetry or an id used by another attempt', async () => {
    const attempt = attemptStream();
    const invalid = actionEvent(attempt, { actionType: 'Not A Type!' });
    await expect(ingest.submit(attempt, [actionEvent(attempt), invalid])).rejects.toBeInstanceOf(
      InvalidEventPayloadError,
    );
    expect(await store.streamVersion(attempt)).toBe(-1);
    const elsewhere = actionEvents(attemptStream(), 1);
    await ingest.submit(attemptStream(), elsewhere);
    await expect(ingest.submit(attempt, elsewhere)).rejects.toBeInstanceOf(IdempotencyConflictError);
  });
});
