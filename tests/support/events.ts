import { randomUUID } from 'node:crypto';
import type { NewEvent, ProctoringActionRecordedData } from '@sabaq/events';
import { streamId } from '@sabaq/events';

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
