import { randomUUID } from 'node:crypto';
import { createRegistry } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockKafkaConsumerTuning, startMockKafka, type MockKafka } from '../../../scripts/kafka/mock-kafka';
import { KafkaTelemetryIngest } from '../../../services/src/platform/ingest/kafka-telemetry-ingest';
import { TelemetryPersister } from '../../../services/src/platform/ingest/telemetry-persister';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startProctoringApp, type ProctoringApp } from './proctoring-app';

/**
 * The distributed path against librdkafka's mock broker: actions posted over HTTP are produced to
 * `ingest.proctoring` keyed by attempt, the persister appends them, and they reach the store once each
 * (however often the client retried) and the attempt's timeline.
 */
let env: ProctoringApp;
let kafka: MockKafka;
let persister: TelemetryPersister;
const teacher = tokenFor('teacher', 'school-a');
const student = tokenFor('student', 'school-a');

beforeAll(async () => {
  kafka = await startMockKafka({ topics: [{ name: 'ingest.proctoring', partitions: 3 }] });
  env = await startProctoringApp({
    ingest: () => new KafkaTelemetryIngest({ brokers: kafka.brokers, registry: createRegistry() }),
  });
  persister = new TelemetryPersister({
    brokers: kafka.brokers,
    store: env.store,
    contexts: ['proctoring'],
    consumer: mockKafkaConsumerTuning,
    groupId: `persister-${randomUUID()}`,
  });
  await persister.start();
}, 120_000);
afterAll(async () => {
  await persister?.stop();
  await env?.close();
  await kafka?.stop();
});

const call = caller<Record<string, unknown>>(() => env.app);

describe('proctoring actions through Kafka', () => {
  it('reach the store exactly once and the timeline', async () => {
    const made = await call('POST', '/api/assignments', teacher, {
      type: 'external',
      name: 'Экзамен',
      students: ['student-school-a-1'],
    });
    const assignment = (made.body.entity as { id: string }).id;
    const started = await call('POST', '/api/assignment-attempts', student, { assignment_id: assignment });
    const attempt = (started.body.entity as { id: string }).id;
    const T0 = Date.now() - 60_000;
    const item = (id: string, type: string, seconds: number) => ({
      id,
      assignment_id: assignment,
      assignment_attempt_id: attempt,
      action_type: type,
      created_at: new Date(T0 + seconds * 1000).toISOString(),
    });
    const batch = [
      item('k-1', 'face_missing', 0),
      item('k-2', 'face_missing', 1),
      item('k-3', 'face_missing', 2),
    ];
    expect((await call('POST', '/api/assignment/actions/batch', student, { actions: batch })).status).toBe(
      201,
    );
    // The client did not hear back and sends it all again, with one more, out of order.
    const retry = [item('k-4', 'face_missing', 10), ...batch.reverse()];
    expect((await call('POST', '/api/assignment/actions/batch', student, { actions: retry })).status).toBe(
      201,
    );
    await persister.caughtUp();
    await env.caughtUp();

    const stored = await env.store.readStream(`proctoring-${attempt}`);
    expect(stored).toHaveLength(4);
    expect(new Set(stored.map((e) => e.id)).size).toBe(4);
    const timeline = (await call('GET', `/api/proctoring/timelines/${attempt}`, teacher)).body.entity as {
      violations: { type: string; signals: number; duration: number }[];
    };
    expect(timeline.violations.map((i) => [i.type, i.signals, i.duration])).toEqual([
      ['face_missing', 3, 2],
      ['face_missing', 1, 0],
    ]);
  });
});
