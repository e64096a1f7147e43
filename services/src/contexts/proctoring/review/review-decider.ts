import type { ProctoringIntervalReviewedData, ReviewDecision } from '@sabaq/events';
import { ValidationError } from '../../../platform/errors';
import type { Decider } from '../../../platform/commands/decider';

export interface ReviewedInterval {
  type: string;
  /** ISO instants of the interval as the reviewer saw it. */
  start: string;
  end: string;
}

export interface ReviewIntervalCommand {
  type: 'review';
  attempt: { assignmentId: string; attemptId: string; studentId: string };
  /** The current interval the reviewer named, looked up by the handler; undefined when none has that key. */
  interval: ReviewedInterval | undefined;
  decision: ReviewDecision;
  note: string | null;
  reviewerId: string;
}

export type ReviewEvent = { type: 'ProctoringIntervalReviewed'; data: ProctoringIntervalReviewedData };

export interface ReviewState {
  reviews: ProctoringIntervalReviewedData[];
}

const overlaps = (a: ReviewedInterval, r: ProctoringIntervalReviewedData) =>
  a.type === r.actionType && r.start <= a.end && r.end >= a.start;

/**
 * Reviews of one attempt's timeline (`proctoring_review-<attemptId>`): a proctor or teacher confirms or
 * dismisses an interval. Dismissing needs a reason (a flag is not proof, and neither is its dismissal);
 * the same decision with the same note again records nothing, so a double click is one review; a
 * changed mind is a new review that wins over the earlier one.
 */
export const reviewDecider: Decider<ReviewIntervalCommand, ReviewEvent, ReviewState> = {
  initialState: { reviews: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'ProctoringIntervalReviewed':
        return { reviews: [...state.reviews, event.data] };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
  decide(command, state) {
    const { interval } = command;
    if (!interval) throw new ValidationError('Интервал не найден', { interval_key: ['Интервал не найден'] });
    const note = command.note?.trim() ? command.note.trim() : null;
    if (command.decision === 'dismissed' && note === null) {
      throw new ValidationError('Укажите причину', { note: ['Укажите причину'] });
    }
    const latest = state.reviews.findLast((r) => overlaps(interval, r));
    if (latest && latest.decision === command.decision && latest.note === note) return [];
    return [
      {
        type: 'ProctoringIntervalReviewed',
        data: {
          ...command.attempt,
          actionType: interval.type as ProctoringIntervalReviewedData['actionType'],
          start: interval.start,
          end: interval.end,
          decision: command.decision,
          note,
          reviewerId: command.reviewerId,
        },
      },
    ];
  },
};
