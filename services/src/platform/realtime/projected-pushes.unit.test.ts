import { describe, expect, it } from 'vitest';
import { projectedPush } from './projected-pushes';

const push = (value: unknown) => projectedPush(JSON.stringify(value));

describe('a projected push', () => {
  it('passes when the contract allows its event on its channel', () => {
    const changed = {
      channel: 'assignment.a-1',
      event: 'TimelineChanged',
      data: { assignment_attempt_ids: ['t-1', 't-2'], position: '42' },
    };
    expect(push(changed)).toEqual(changed);
  });

  it('is dropped when its event belongs to another kind of channel, or its data breaks the schema', () => {
    const data = { assignment_attempt_ids: ['t-1'], position: '42' };
    expect(push({ channel: 'chat.7', event: 'TimelineChanged', data })).toBeUndefined();
    expect(push({ channel: 'user.7', event: 'TimelineChanged', data })).toBeUndefined();
    expect(push({ channel: 'assignment.a-1', event: 'NoSuchEvent', data })).toBeUndefined();
    expect(
      push({ channel: 'assignment.a-1', event: 'TimelineChanged', data: { ...data, position: 'x' } }),
    ).toBeUndefined();
    expect(
      push({
        channel: 'assignment.a-1',
        event: 'TimelineChanged',
        data: { ...data, assignment_attempt_ids: [] },
      }),
    ).toBeUndefined();
    expect(push({ channel: 'assignment.a b', event: 'TimelineChanged', data })).toBeUndefined();
    expect(projectedPush('not json')).toBeUndefined();
    expect(projectedPush('null')).toBeUndefined();
  });
});
