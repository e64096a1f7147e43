import { createRegistry, InvalidEventPayloadError } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/databases';
import { actionEvent, actionEvents, attemptStream } from '../../../../tests/support/events';
import { IdempotencyConflictError, ValidationError } from '../errors';
import type { AppendBatch, EventStore } from '../ports/event-store';
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

  it('commits submits made together in few many-stream appends, each once, each resolved after its commit', async () => {
    let appends = 0;
    const counted: EventStore = Object.create(store, {
      appendMany: {
        value: (batches: AppendBatch[]) => {
          appends += 1;
          return store.appendMany(batches);
        },
      },
    });
    const grouped = new EmbeddedTelemetryIngest(counted, { maxGroupEvents: 100 });
    const attempts = Array.from({ length: 60 }, () => attemptStream());
    const submits = attempts.flatMap((attempt, i) =>
      Array.from({ length: 3 }, () => ({ attempt, events: actionEvents(attempt, 1 + (i % 3)) })),
    );
    const unseenAtResolve: string[] = [];
    await Promise.all(
      submits.map(async ({ attempt, events }) => {
        await grouped.submit(attempt, events);
        // Read at once, on another connection: resolved means committed.
        const stored = new Set(ids(await store.readStream(attempt)));
        unseenAtResolve.push(...ids(events).filter((id) => !stored.has(id)));
      }),
    );
    await grouped.close();
    expect(unseenAtResolve).toEqual([]);
    for (const attempt of attempts) {
      const expected = submits.filter((s) => s.attempt === attempt).flatMap((s) => ids(s.events));
      expect(ids(await store.readStream(attempt)).sort()).toEqual(expected.sort());
    }
    // 180 submits of 360 events, at most 100 events a group: grouped, not one append each.
    expect(appends).toBeGreaterThanOrEqual(4);
    expect(appends).toBeLessThan(30);
  });

  it('rejects only the bad submit of a group, and takes a retry in it as a no-op', async () => {
    const done = attemptStream();
    const committed = actionEvents(done, 2);
    await ingest.submit(done, committed);
    const doneVersion = await store.streamVersion(done);
    const bad = attemptStream();
    const good = Array.from({ length: 20 }, () => attemptStream());
    const mixed = attemptStream();
    const mixedStored = actionEvents(mixed, 2);
    await ingest.submit(mixed, mixedStored);
    const later = actionEvent(mixed);

    const outcomes = await Promise.allSettled([
      ...good.map((attempt) => ingest.submit(attempt, actionEvents(attempt, 2))),
      ingest.submit(bad, [actionEvent(bad), actionEvent(bad, { actionType: 'Not A Type!' })]),
      ingest.submit(done, committed),
      ingest.submit(mixed, [mixedStored[1]!, later]),
      ingest.submit(bad, []),
    ]);
    expect(outcomes.slice(0, 20).every((o) => o.status === 'fulfilled')).toBe(true);
    const [invalid, retry, grown, empty] = outcomes.slice(20);
    expect(invalid).toMatchObject({ status: 'rejected', reason: expect.any(InvalidEventPayloadError) });
    expect(retry).toMatchObject({ status: 'fulfilled' });
    expect(grown).toMatchObject({ status: 'fulfilled' });
    expect(empty).toMatchObject({ status: 'rejected', reason: expect.any(ValidationError) });
    for (const attempt of good) expect(await store.streamVersion(attempt)).toBe(1);
    expect(await store.streamVersion(bad)).toBe(-1);
    expect(await store.streamVersion(done)).toBe(doneVersion);
    expect(ids(await store.readStream(mixed))).toEqual(ids([...mixedStored, later]));
  });

  it('fails every submit of a group whose transaction fails, and stores them when they are retried', async () => {
    let failNext = true;
    const failing: EventStore = Object.create(store, {
      appendMany: {
        value: (batches: AppendBatch[]) => {
          if (!failNext) return store.appendMany(batches);
          failNext = false;
          return Promise.reject(new Error('connection terminated'));
        },
      },
    });
    const flaky = new EmbeddedTelemetryIngest(failing, { maxInFlight: 1 });
    const attempts = Array.from({ length: 5 }, () => attemptStream());
    const batches = attempts.map((attempt) => actionEvents(attempt, 1));
    const first = await Promise.allSettled(attempts.map((attempt, i) => flaky.submit(attempt, batches[i]!)));
    // With one append in flight the first submit went alone and failed; the rest waited and went together.
    expect(first.map((o) => o.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await store.streamVersion(attempts[0]!)).toBe(-1);
    await flaky.submit(attempts[0]!, batches[0]!);
    await Promise.all(attempts.map((attempt, i) => flaky.submit(attempt, batches[i]!)));
    for (const attempt of attempts) expect(await store.streamVersion(attempt)).toBe(0);
    await flaky.close();
  });
});
