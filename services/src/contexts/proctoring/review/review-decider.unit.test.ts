import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../platform/errors';
import { reviewDecider, type ReviewEvent, type ReviewIntervalCommand } from './review-decider';

const given = (events: ReviewEvent[]) => events.reduce(reviewDecider.evolve, reviewDecider.initialState);
const when = (history: ReviewEvent[], command: ReviewIntervalCommand) =>
  reviewDecider.decide(command, given(history));

const attempt = { assignmentId: 'a1', attemptId: 't1', studentId: 's1' };
const interval = { type: 'focus_lost', start: '2026-05-20T09:00:00.000Z', end: '2026-05-20T09:00:03.000Z' };
const command = (over: Partial<ReviewIntervalCommand> = {}): ReviewIntervalCommand => ({
  type: 'review',
  attempt,
  interval,
  decision: 'confirmed',
  note: null,
  reviewerId: 'p1',
  ...over,
});
const reviewed = (
  decision: 'confirmed' | 'dismissed',
  note: string | null,
  span = interval,
): ReviewEvent => ({
  type: 'ProctoringIntervalReviewed',
  data: {
    ...attempt,
    actionType: 'focus_lost',
    start: span.start,
    end: span.end,
    decision,
    note,
    reviewerId: 'p1',
  },
});

describe('reviewing an interval', () => {
  it('records a confirmation with the reviewer and the span', () => {
    expect(when([], command({ note: '  видно телефон ' }))).toEqual([reviewed('confirmed', 'видно телефон')]);
  });

  it('needs a reason to dismiss', () => {
    expect(() => when([], command({ decision: 'dismissed', note: '  ' }))).toThrow(ValidationError);
    expect(when([], command({ decision: 'dismissed', note: 'свет' }))).toEqual([
      reviewed('dismissed', 'свет'),
    ]);
  });

  it('refuses an interval the timeline does not have', () => {
    expect(() => when([], command({ interval: undefined }))).toThrowError('Интервал не найден');
  });

  it('records the same decision with the same note once; a changed mind is a new review', () => {
    expect(when([reviewed('confirmed', null)], command())).toEqual([]);
    expect(
      when([reviewed('confirmed', null)], command({ decision: 'dismissed', note: 'ошибка' })),
    ).toHaveLength(1);
    // The interval grew since it was reviewed: the review still covers it.
    const grown = { ...interval, end: '2026-05-20T09:00:09.000Z' };
    expect(when([reviewed('confirmed', null)], command({ interval: grown }))).toEqual([]);
    // Another interval of the same type is reviewed on its own.
    const later = { type: 'focus_lost', start: '2026-05-20T09:10:00.000Z', end: '2026-05-20T09:10:00.000Z' };
    expect(when([reviewed('confirmed', null)], command({ interval: later }))).toHaveLength(1);
  });
});
