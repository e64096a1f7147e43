import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../envelope';
import { createRegistry } from '../index';
import { AssignmentAttemptStarted } from './assignments';

const stored = (data: unknown, schemaVersion: number): StoredEvent => ({
  id: 'e1',
  type: 'AssignmentAttemptStarted',
  streamId: 'participation-1',
  streamPosition: 0,
  globalPosition: 1n,
  recordedAt: new Date('2026-09-01T08:00:00.000Z'),
  data,
  metadata: { schemaVersion },
});

describe('AssignmentAttemptStarted', () => {
  const v1 = {
    assignment_id: 'as-1',
    student_id: 's1',
    attempt_id: 'at-1',
    number: 1,
    started_at: '2026-09-01T08:00:00.000Z',
    ends_at: null,
  };

  it('reads an attempt started before version 2 as one showing every component, without a variant', () => {
    const lifted = createRegistry().upcast(stored(v1, 1));
    expect(lifted.metadata.schemaVersion).toBe(2);
    expect(lifted.data).toEqual({
      ...v1,
      variant: null,
      components: null,
      option_orders: {},
      max_points: null,
    });
    expect(AssignmentAttemptStarted.schema.safeParse(lifted.data).success).toBe(true);
  });

  it('keeps a version 2 attempt’s selection as it is', () => {
    const v2 = {
      ...v1,
      variant: 2,
      components: ['c1', 'q3'],
      option_orders: { q3: ['b', 'a'] },
      max_points: 3,
    };
    expect(createRegistry().upcast(stored(v2, 2)).data).toEqual(v2);
  });
});
