import { randomUUID } from 'node:crypto';
import { defineEvent, streamId, type ContextContract, type NewEvent, type StoredEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ConsumeOptions, EventLog, LogDelivery } from '../../services/src/platform/ports/event-log';
import type { EventStore } from '../../services/src/platform/ports/event-store';
import { actionEvents, attemptStream } from '../support/events';

/**
 * A second context next to proctoring, so that routing by context shows. It exists for this suite only:
 * pass it to `createRegistry([noticesContract])` for the store and the log under test.
 */
export const noticesContract: ContextContract = {
  context: 'notices',
  categories: ['notice'],
  events: [
    defineEvent({
      type: 'NoticePosted',
      version: 1,
      schema: z.object({ schoolId: z.string(), text: z.string() }),
    }),
  ],
};

export interface EventLogFixture {
  log: EventLog;
  store: EventStore;
  /** Appends to the store and puts the stored events on the log (a no-op where the store is the log). */
  publish(streamId: string, events: NewEvent[]): Promise<StoredEvent[]>;
  /** Releases what the factory started besides the log and the store. */
  close?(): Promise<void>;
}

/** Appends to the store and returns what it stored, for fixtures' `publish`. */
export async function appendAndRead(
  store: EventStore,
  stream: string,
  events: NewEvent[],
): Promise<StoredEvent[]> {
  const { nextExpectedVersion } = await store.append(stream, events);
  return store.readStream(stream, { fromVersion: nextExpectedVersion - events.length + 1 });
}

/**
 * The one contract every event log adapter passes. The log may already hold events of earlier tests, so
 * each test looks only at its own fresh streams and uses fresh group ids.
 */
export function describeEventLogContract(name: string, factory: () => Promise<EventLogFixture>): void {
  describe(`event log contract: ${name}`, () => {
    let fixture: EventLogFixture;
    beforeAll(async () => {
      fixture = await factory();
    });
    afterAll(async () => {
      await fixture?.log.close();
      await fixture?.store.close();
      await fixture?.close?.();
    });

    /** A consumer that records what it was handed; `only` keeps the deliveries of this test's streams. */
    async function record(
      options: Omit<ConsumeOptions, 'handler'> & Partial<Pick<ConsumeOptions, 'handler'>>,
    ) {
      const deliveries: LogDelivery[] = [];
      const consumer = await fixture.log.consume({
        ...options,
        handler: async (batch) => {
          await options.handler?.(batch);
          deliveries.push(...batch);
        },
      });
      return { consumer, only: (streams: string[]) => deliveries.filter((d) => streams.includes(d.key)) };
    }

    it('hands a group exactly the events of the contexts it reads, each stream in order', async () => {
      const attemptA = attemptStream();
      const attemptB = attemptStream();
      const notice = noticeStream();
      const stored = [
        ...(await fixture.publish(attemptA, actionEvents(attemptA, 3))),
        ...(await fixture.publish(notice, noticeEvents(2))),
      ];
      const { consumer, only } = await record({ groupId: group(), topics: ['proctoring'] });
      // Events published while the consumer runs arrive too.
      stored.push(...(await fixture.publish(attemptB, actionEvents(attemptB, 2))));
      stored.push(...(await fixture.publish(attemptA, actionEvents(attemptA, 2))));
      await consumer.caughtUp();
      await consumer.stop();

      const received = only([attemptA, attemptB, notice]);
      const expected = stored.filter((e) => e.streamId !== notice);
      expect(received.map((d) => d.event.id).sort()).toEqual(expected.map((e) => e.id).sort());
      expect(received.every((d) => d.topic === 'proctoring' && d.key === d.event.streamId)).toBe(true);
      for (const stream of [attemptA, attemptB]) {
        const positions = received.filter((d) => d.key === stream).map((d) => d.event.streamPosition);
        expect(positions).toEqual([...positions.keys()]);
      }
      const first = received.find((d) => d.event.id === expected[0]!.id)!.event;
      expect(first).toEqual(expected[0]);
      expect(typeof first.globalPosition).toBe('bigint');
      expect(first.recordedAt).toBeInstanceOf(Date);
    });

    it('resumes a restarted group after its committed position: no repeats, nothing lost', async () => {
      const attempt = attemptStream();
      const groupId = group();
      const before = await fixture.publish(attempt, actionEvents(attempt, 3));
      const first = await record({ groupId, topics: ['proctoring'] });
      await first.consumer.caughtUp();
      await first.consumer.stop();
      expect(first.only([attempt]).map((d) => d.event.id)).toEqual(before.map((e) => e.id));

      const after = await fixture.publish(attempt, actionEvents(attempt, 2));
      const second = await record({ groupId, topics: ['proctoring'] });
      await second.consumer.caughtUp();
      await second.consumer.stop();
      expect(second.only([attempt]).map((d) => d.event.id)).toEqual(after.map((e) => e.id));
    });

    it('redelivers a batch whose handler threw instead of losing it', async () => {
      const attempt = attemptStream();
      const stored = await fixture.publish(attempt, actionEvents(attempt, 3));
      const errors: unknown[] = [];
      let failed = false;
      const { consumer, only } = await record({
        groupId: group(),
        topics: ['proctoring'],
        onError: (error) => errors.push(error),
        handler: async (batch) => {
          if (!failed && batch.some((d) => d.key === attempt)) {
            failed = true;
            throw new Error('read model unavailable');
          }
        },
      });
      await consumer.caughtUp();
      await consumer.stop();
      expect(only([attempt]).map((d) => d.event.id)).toEqual(stored.map((e) => e.id));
      expect(errors).toEqual([new Error('read model unavailable')]);
    });

    it('gives every group the whole log, independently of the others', async () => {
      const attempt = attemptStream();
      const notice = noticeStream();
      const stored = [
        ...(await fixture.publish(attempt, actionEvents(attempt, 2))),
        ...(await fixture.publish(notice, noticeEvents(2))),
      ];
      const groups = await Promise.all(
        [group(), group()].map((groupId) => record({ groupId, topics: ['proctoring', 'notices'] })),
      );
      await Promise.all(groups.map(({ consumer }) => consumer.caughtUp()));
      await Promise.all(groups.map(({ consumer }) => consumer.stop()));
      for (const { only } of groups) {
        expect(
          only([attempt, notice])
            .map((d) => d.event.id)
            .sort(),
        ).toEqual(stored.map((e) => e.id).sort());
      }
    });
  });
}

const group = () => `contract-${randomUUID()}`;
const noticeStream = () => streamId('notice', randomUUID());
const noticeEvents = (count: number): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'NoticePosted',
    data: { schoolId: 'school-1', text: `Room ${i + 1} is closed today` },
  }));
