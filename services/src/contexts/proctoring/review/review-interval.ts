import { REVIEW_DECISIONS, streamId } from '@sabaq/events';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { handleCommand } from '../../../platform/commands/handle-command';
import { PROCTORING_PROJECTION } from '../actions/projection';
import { attemptTimeline, watchedAttempt, type TimelineEntity } from '../timeline/attempt-timeline';
import { reviewDecider } from './review-decider';

export const reviewBody = z.object({
  interval_key: z.string().min(1).max(100),
  decision: z.enum(REVIEW_DECISIONS, { error: 'Выберите: подтвердить или отклонить' }),
  note: z.string().max(2000).nullable().optional(),
});

/**
 * A watcher of the assignment confirms or dismisses one interval of the attempt's current timeline,
 * decided on `proctoring_review-<attemptId>`; answers the timeline with the review applied.
 */
export async function reviewInterval(
  services: Pick<ContextServices, 'db' | 'store' | 'clock' | 'newId'>,
  caller: Caller,
  attemptId: string,
  body: z.infer<typeof reviewBody>,
): Promise<TimelineEntity> {
  const { attempt } = await watchedAttempt(services.db, caller, attemptId);
  const current = await attemptTimeline(services.db, caller, attemptId);
  const interval = [...current.violations, ...current.warnings].find((i) => i.key === body.interval_key);
  const { result } = await handleCommand(
    services.store,
    streamId('proctoring_review', attemptId),
    reviewDecider,
    {
      type: 'review',
      attempt: { assignmentId: attempt.assignmentId, attemptId, studentId: attempt.studentId },
      interval: interval && { type: interval.type, start: interval.start, end: interval.end },
      decision: body.decision,
      note: body.note ?? null,
      reviewerId: caller.userId,
    },
    {
      eventId: () => services.newId(),
      metadata: {
        userId: caller.userId,
        schoolId: caller.schoolId!,
        occurredAt: services.clock().toISOString(),
      },
    },
  );
  if (result) await waitForProjections(services.db, [PROCTORING_PROJECTION], result.lastGlobalPosition);
  return attemptTimeline(services.db, caller, attemptId);
}
