import { randomUUID } from 'node:crypto';
import type { NewEvent, ProctoringActionRecordedData, StoredEvent } from '@sabaq/events';
import { streamId } from '@sabaq/events';
import type { EventStore } from '../../services/src/platform/ports/event-store';

/** A fresh attempt's telemetry stream id. */
export function attemptStream(): string {
  return streamId('proctoring', randomUUID());
}

/** A proctoring action as a browser would send it, with its own client event id. */
export function actionEvent(
  attemptStreamId: string,
  overrides: Partial<ProctoringActionRecordedData> = {},
): NewEvent<'ProctoringActionRecorded', Partial<ProctoringActionRecordedData>> {
  const attemptId = attemptStreamId.slice('proctoring-'.length);
  return {
    id: randomUUID(),
    type: 'ProctoringActionRecorded',
    data: {
      assignmentId: 'assignment-1',
      attemptId,
      studentId: 'student-1',
      actionType: 'focus_lost',
      isWarning: false,
      ...overrides,
    },
    metadata: { schoolId: 'school-1', occurredAt: new Date().toISOString() },
  };
}

export function actionEvents(attemptStreamId: string, count: number): ReturnType<typeof actionEvent>[] {
  return Array.from({ length: count }, (_, i) => actionEvent(attemptStreamId, { description: `#${i}` }));
}

/**
 * Every event appended so far, once readers may see all of them. A reader sees an event only after
 * every transaction older than it has ended in the whole PostgreSQL cluster (the store's gap rule), and
 * the suites share one cluster: another suite's open transaction in its own test database can hide the
 * newest events for a moment. Tests that count or replay "everything" wait for the head instead.
 */
export async function everyEvent(
  store: Pick<EventStore, 'readAll' | 'headPosition'>,
  timeoutMs = 30_000,
): Promise<StoredEvent[]> {
  const head = await store.headPosition();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events: StoredEvent[] = [];
    for (;;) {
      const page = await store.readAll({ after: events.at(-1)?.globalPosition ?? 0n, maxCount: 1000 });
      events.push(...page);
      if (page.length < 1000) break;
    }
    if ((events.at(-1)?.globalPosition ?? 0n) >= head) return events;
    if (Date.now() > deadline)
      throw new Error(`events up to position ${head} did not become readable in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
