import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  BATCH_LIMIT,
  nextBatch,
  outcomeOf,
  retryDelay,
  type ClientAction,
} from './action-queue';

const action = (n: number, extra: Partial<ClientAction> = {}): ClientAction => ({
  id: `c-${n}`,
  assignment_id: 'a',
  assignment_attempt_id: 't',
  action_type: 'focus_lost',
  created_at: new Date(1_700_000_000_000 + n).toISOString(),
  ...extra,
});

describe('the action queue', () => {
  it('sends the oldest actions first, at most the batch limit, a screenshot alone', () => {
    const many = Array.from({ length: BATCH_LIMIT + 5 }, (_, n) => action(n));
    expect(nextBatch(many).map((a) => a.id)).toEqual(many.slice(0, BATCH_LIMIT).map((a) => a.id));
    const withPicture = [action(1), action(2, { screenshot: 'x' }), action(3)];
    expect(nextBatch(withPicture).map((a) => a.id)).toEqual(['c-1']);
    expect(nextBatch(withPicture.slice(1)).map((a) => a.id)).toEqual(['c-2']);
    expect(nextBatch([])).toEqual([]);
  });

  it('keeps every action, in order, when the batch got no answer, and drops what was stored or refused', () => {
    const queue = [action(1), action(2), action(3)];
    const sent = queue.slice(0, 2);
    expect(afterAnswer(queue, sent, { kind: 'retry' })).toEqual(queue);
    expect(afterAnswer(queue, sent, { kind: 'stored' }).map((a) => a.id)).toEqual(['c-3']);
    expect(afterAnswer(queue, sent, { kind: 'refused', message: 'Попытка завершена' })).toEqual([queue[2]]);
  });

  it('retries on no answer, 5xx, 408 and 429, gives up on other refusals', () => {
    expect(outcomeOf(201)).toEqual({ kind: 'stored' });
    for (const status of [null, 500, 503, 408, 429]) expect(outcomeOf(status).kind).toBe('retry');
    expect(outcomeOf(422, 'Попытка завершена')).toEqual({ kind: 'refused', message: 'Попытка завершена' });
    expect(outcomeOf(403).kind).toBe('refused');
  });

  it('waits longer after each failure, up to 30 s', () => {
    expect([1, 2, 3, 6, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});
