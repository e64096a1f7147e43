import {
  InvalidEventPayloadError,
  ProctoringActionRecorded,
  UnknownEventTypeError,
  type StoredEvent,
} from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IdempotencyConflictError,
  ValidationError,
  WrongExpectedVersionError,
} from '../../services/src/platform/errors';
import type { EventStore } from '../../services/src/platform/ports/event-store';
import { actionEvent, actionEvents, attemptStream } from '../support/events';
import { eventually } from '../support/platform-fixture';

/**
 * The one contract every event store adapter passes. The factory gives a store over an empty log.
 */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStore>): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await factory();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('appends a batch to a new stream and reads it back in order', async () => {
      const stream = attemptStream();
      const batch = actionEvents(stream, 3);
      const result = await store.append(stream, batch, { expectedVersion: 'no_stream' });
      expect(result.nextExpectedVersion).toBe(2);
      expect(result.appended).toBe(true);
      const read = await store.readStream(stream);
      expect(read.map((e) => e.id)).toEqual(batch.map((e) => e.id));
      expect(read.map((e) => e.streamPosition)).toEqual([0, 1, 2]);
      expect(read[0]?.data).toMatchObject({ actionType: 'focus_lost', description: '#0', initiatorId: null });
      // Stamped with the contract's current version of the event.
      expect(read[0]?.metadata).toMatchObject({
        schoolId: 'school-1',
        schemaVersion: ProctoringActionRecorded.version,
      });
      expect(read[0]?.recordedAt).toBeInstanceOf(Date);
      expect(await store.streamVersion(stream)).toBe(2);
      expect(read[2]?.globalPosition).toBe(result.lastGlobalPosition);
    });

    it('reads part of a stream from a version', async () => {
      const stream = attemptStream();
      await store.append(stream, actionEvents(stream, 5));
      const part = await store.readStream(stream, { fromVersion: 2, maxCount: 2 });
      expect(part.map((e) => e.streamPosition)).toEqual([2, 3]);
      expect(await store.readStream(attemptStream())).toEqual([]);
      expect(await store.streamVersion(attemptStream())).toBe(-1);
    });

    it('checks the expected version and refuses a stale writer with a typed error', async () => {
      const stream = attemptStream();
      const first = await store.append(stream, [actionEvent(stream)], { expectedVersion: 'no_stream' });
      await store.append(stream, [actionEvent(stream)], { expectedVersion: first.nextExpectedVersion });
      const stale = store.append(stream, [actionEvent(stream)], {
        expectedVersion: first.nextExpectedVersion,
      });
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(
        store.append(stream, [actionEvent(stream)], { expectedVersion: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(
        store.append(attemptStream(), [actionEvent(stream)], { expectedVersion: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.streamVersion(stream)).toBe(1);
    });

    it('treats a retried batch as done: same ids, nothing duplicated, even with a stale expected version', async () => {
      const stream = attemptStream();
      const batch = actionEvents(stream, 4);
      const first = await store.append(stream, batch, { expectedVersion: 'no_stream' });
      const retry = await store.append(stream, batch, { expectedVersion: 'no_stream' });
      expect(retry.appended).toBe(false);
      expect(retry.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(retry.lastGlobalPosition).toBe(first.lastGlobalPosition);
      expect(await store.readStream(stream)).toHaveLength(4);
    });

    it('refuses a batch that reuses some stored ids and appends none of it', async () => {
      const stream = attemptStream();
      const batch = actionEvents(stream, 2);
      await store.append(stream, batch);
      const mixed = [batch[1]!, actionEvent(stream)];
      await expect(store.append(stream, mixed)).rejects.toBeInstanceOf(IdempotencyConflictError);
      const elsewhere = attemptStream();
      await expect(store.append(elsewhere, [batch[0]!])).rejects.toBeInstanceOf(IdempotencyConflictError);
      expect(await store.readStream(stream)).toHaveLength(2);
      expect(await store.streamVersion(elsewhere)).toBe(-1);
    });

    it('refuses unknown event types and invalid payloads with typed errors, storing nothing', async () => {
      const stream = attemptStream();
      const head = await store.headPosition();
      const unknown = { ...actionEvent(stream), type: 'NoSuchEvent' };
      await expect(store.append(stream, [actionEvent(stream), unknown])).rejects.toBeInstanceOf(
        UnknownEventTypeError,
      );
      const invalid = actionEvent(stream, {
        actionType: 'Not A Type!',
        isWarning: 'yes' as unknown as boolean,
      });
      const error = await store.append(stream, [invalid]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidEventPayloadError);
      expect(Object.keys((error as InvalidEventPayloadError).errors).sort()).toEqual([
        'actionType',
        'isWarning',
      ]);
      expect(await store.streamVersion(stream)).toBe(-1);
      expect(await store.headPosition()).toBe(head);
    });

    it('reads the global log in order from a position', async () => {
      const from = await store.headPosition();
      const a = attemptStream();
      const b = attemptStream();
      await store.append(a, actionEvents(a, 2));
      await store.append(b, actionEvents(b, 2));
      await store.append(a, actionEvents(a, 1));
      // The global log may hold committed events back while an older transaction anywhere is still open
      // (it never skips them); wait until all five are there.
      const all = await eventually(
        () => store.readAll({ after: from }),
        (events) => events.length >= 5,
      );
      expect(all.map((e) => e.streamId)).toEqual([a, a, b, b, a]);
      assertIncreasing(all);
      const tail = await store.readAll({ after: all[1]!.globalPosition, maxCount: 2 });
      expect(tail.map((e) => e.id)).toEqual([all[2]!.id, all[3]!.id]);
      expect(await store.headPosition()).toBe(all[4]!.globalPosition);
    });

    it('subscribes from a checkpoint and resumes after it without repeats', async () => {
      const from = await store.headPosition();
      const stream = attemptStream();
      await store.append(stream, actionEvents(stream, 3));
      const seen: StoredEvent[] = [];
      const first = store.subscribe({ after: from, onBatch: async (batch) => void seen.push(...batch) });
      await first.caughtUp();
      const checkpoint = first.position();
      await first.stop();
      expect(seen.map((e) => e.streamPosition)).toEqual([0, 1, 2]);

      await store.append(stream, actionEvents(stream, 2));
      const resumed: StoredEvent[] = [];
      const second = store.subscribe({
        after: checkpoint,
        onBatch: async (batch) => void resumed.push(...batch),
      });
      await second.caughtUp();
      await second.stop();
      expect(resumed.map((e) => e.streamPosition)).toEqual([3, 4]);
    });

    it('retries a failed batch from the same position, losing nothing', async () => {
      const from = await store.headPosition();
      const stream = attemptStream();
      await store.append(stream, actionEvents(stream, 3));
      const seen: string[] = [];
      let failures = 0;
      const subscription = store.subscribe({
        after: from,
        batchSize: 2,
        onBatch: async (batch) => {
          if (failures++ === 0) throw new Error('read model unavailable');
          seen.push(...batch.map((e) => e.id));
        },
        onError: () => undefined,
      });
      await subscription.caughtUp();
      await subscription.stop();
      expect(seen).toEqual((await store.readStream(stream)).map((e) => e.id));
    });

    it('never skips an event committed late by a concurrent appender', async () => {
      const from = await store.headPosition();
      const delivered: StoredEvent[] = [];
      const subscription = store.subscribe({
        after: from,
        batchSize: 37,
        onBatch: async (batch) => void delivered.push(...batch),
      });
      const writers = 8;
      const appendsPerWriter = 25;
      const appended: string[] = [];
      await Promise.all(
        Array.from({ length: writers }, async () => {
          const stream = attemptStream();
          for (let i = 0; i < appendsPerWriter; i++) {
            const batch = actionEvents(stream, 1 + (i % 4));
            await store.append(stream, batch);
            appended.push(...batch.map((e) => e.id));
          }
        }),
      );
      await subscription.caughtUp();
      await subscription.stop();
      const ids = delivered.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual([...appended].sort());
      assertIncreasing(delivered);
    });

    it('appends to many streams at once, each batch with its own outcome, refusing one never stops the others', async () => {
      const fresh = attemptStream();
      const grown = attemptStream();
      const stale = attemptStream();
      const other = attemptStream();
      const stored = actionEvents(grown, 2);
      await store.append(grown, stored);
      await store.append(stale, actionEvents(stale, 1));
      const newBatch = actionEvents(fresh, 3);
      const invalid = actionEvent(other, { actionType: 'Not A Type!' });
      const outcomes = await store.appendMany([
        { streamId: fresh, events: newBatch, expectedVersion: 'no_stream' },
        { streamId: grown, events: [stored[1]!, actionEvent(grown)] },
        { streamId: stale, events: actionEvents(stale, 1), expectedVersion: 'no_stream' },
        { streamId: other, events: [actionEvent(other), invalid] },
        { streamId: grown, events: stored, expectedVersion: 'no_stream' },
        { streamId: 'not a stream', events: [actionEvent(other)] },
      ]);
      expect(outcomes.map((o) => o.outcome)).toEqual([
        'appended',
        'idempotency_conflict',
        'wrong_expected_version',
        'invalid',
        'retry',
        'invalid',
      ]);
      const [appended, conflict, wrongVersion, badPayload, retry, badStream] = outcomes;
      expect(conflict).toMatchObject({ error: expect.any(IdempotencyConflictError) });
      expect(wrongVersion).toMatchObject({ error: expect.any(WrongExpectedVersionError) });
      expect(badPayload).toMatchObject({ error: expect.any(InvalidEventPayloadError) });
      expect(badStream).toMatchObject({ error: expect.any(ValidationError) });
      const read = await store.readStream(fresh);
      expect(read.map((e) => e.id)).toEqual(newBatch.map((e) => e.id));
      expect(appended).toMatchObject({
        result: { nextExpectedVersion: 2, lastGlobalPosition: read[2]!.globalPosition, appended: true },
      });
      const grownRead = await store.readStream(grown);
      expect(grownRead.map((e) => e.id)).toEqual(stored.map((e) => e.id));
      expect(retry).toMatchObject({
        result: { nextExpectedVersion: 1, lastGlobalPosition: grownRead[1]!.globalPosition, appended: false },
      });
      expect(await store.streamVersion(stale)).toBe(0);
      expect(await store.streamVersion(other)).toBe(-1);
      expect(await store.appendMany([])).toEqual([]);
    });

    it('answers batches of one many-append as if appended one after the other', async () => {
      const a = attemptStream();
      const b = attemptStream();
      const first = actionEvents(a, 2);
      const second = actionEvents(a, 1);
      const outcomes = await store.appendMany([
        { streamId: a, events: first, expectedVersion: 'no_stream' },
        { streamId: b, events: actionEvents(b, 1) },
        // The same stream again, then after it: a retry of the first batch, the same ids in another
        // stream, and a stale expected version.
        { streamId: a, events: second, expectedVersion: 1 },
        { streamId: a, events: first, expectedVersion: 'no_stream' },
        { streamId: b, events: [first[0]!] },
        { streamId: a, events: actionEvents(a, 1), expectedVersion: 1 },
      ]);
      expect(outcomes.map((o) => o.outcome)).toEqual([
        'appended',
        'appended',
        'appended',
        'retry',
        'idempotency_conflict',
        'wrong_expected_version',
      ]);
      const read = await store.readStream(a);
      expect(read.map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
      expect(read.map((e) => e.streamPosition)).toEqual([0, 1, 2]);
      expect(outcomes[2]).toMatchObject({ result: { nextExpectedVersion: 2 } });
      expect(outcomes[3]).toMatchObject({
        result: { nextExpectedVersion: 2, lastGlobalPosition: read[1]!.globalPosition, appended: false },
      });
      expect(await store.readStream(b)).toHaveLength(1);
    });

    it('gives many-appends global positions a subscriber sees once each, in order, with nothing skipped', async () => {
      const from = await store.headPosition();
      const delivered: StoredEvent[] = [];
      const subscription = store.subscribe({
        after: from,
        batchSize: 41,
        onBatch: async (batch) => void delivered.push(...batch),
      });
      const appended: string[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let i = 0; i < 10; i++) {
            const batches = Array.from({ length: 1 + (i % 5) }, () => {
              const stream = attemptStream();
              return { streamId: stream, events: actionEvents(stream, 1 + (i % 3)) };
            });
            const outcomes = await store.appendMany(batches);
            expect(outcomes.every((o) => o.outcome === 'appended')).toBe(true);
            appended.push(...batches.flatMap((b) => b.events.map((e) => e.id)));
          }
        }),
      );
      await subscription.caughtUp();
      await subscription.stop();
      const ids = delivered.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual([...appended].sort());
      assertIncreasing(delivered);
    });

    it('never deadlocks single appends and many-appends on the same streams, in any order', async () => {
      const streams = Array.from({ length: 6 }, () => attemptStream());
      const shuffled = () => [...streams].sort(() => Math.random() - 0.5);
      let events = 0;
      const many = Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 8; i++) {
          const batches = shuffled()
            .slice(0, 4)
            .map((stream) => ({ streamId: stream, events: actionEvents(stream, 2) }));
          const outcomes = await store.appendMany(batches);
          expect(outcomes.every((o) => o.outcome === 'appended')).toBe(true);
          events += 8;
        }
      });
      const single = Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 8; i++) {
          for (const stream of shuffled().slice(0, 2)) {
            await store.append(stream, actionEvents(stream, 1));
            events += 1;
          }
        }
      });
      await Promise.all([...many, ...single]);
      const versions = await Promise.all(streams.map((stream) => store.streamVersion(stream)));
      expect(versions.reduce((sum, v) => sum + v + 1, 0)).toBe(events);
      for (const stream of streams) {
        const read = await store.readStream(stream);
        expect(read.map((e) => e.streamPosition)).toEqual(read.map((_, i) => i));
      }
    }, 60_000);
  });
}

function assertIncreasing(events: StoredEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    expect(events[i]!.globalPosition > events[i - 1]!.globalPosition).toBe(true);
  }
}
