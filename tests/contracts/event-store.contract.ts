import {
  InvalidEventPayloadError,
  ProctoringActionRecorded,
  UnknownEventTypeError,
  type StoredEvent,
} from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyConflictError, WrongExpectedVersionError } from '../../services/src/platform/errors';
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
  });
}

function assertIncreasing(events: StoredEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    expect(events[i]!.globalPosition > events[i - 1]!.globalPosition).toBe(true);
  }
}
