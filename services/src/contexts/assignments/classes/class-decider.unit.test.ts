import { classSchema } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../platform/errors';
import type { RecordEvent } from '../../../platform/http/records/decider';
import { classDecider, type ClassCommand } from './class-decider';

const given = (events: RecordEvent[]) => events.reduce(classDecider.evolve, classDecider.initialState);
const when = (history: RecordEvent[], command: ClassCommand) => classDecider.decide(command, given(history));

const created: RecordEvent = {
  type: 'ClassCreated',
  data: { ...classSchema.parse({ name: '7 А', students: ['s1', 's2'], teachers: ['t1'] }), id: 'c1' },
};

describe('a class', () => {
  it('is created as a group with each person once, its creating teacher among the teachers', () => {
    const data = classSchema.parse({ name: '7 А', students: ['s1', 's1', 's2'] });
    const events = when([], { type: 'create', id: 'c1', data, creator: { userId: 't9', group: 'teacher' } });
    expect(events).toEqual([
      {
        type: 'ClassCreated',
        data: expect.objectContaining({ id: 'c1', type: 'group', teachers: ['t9'], students: ['s1', 's2'] }),
      },
    ]);
  });

  it('made by a manager does not list the manager as a teacher', () => {
    const data = classSchema.parse({ name: '7 Б' });
    const events = when([], { type: 'create', id: 'c2', data, creator: { userId: 'm1', group: 'manager' } });
    expect(events[0]!.data).toMatchObject({ teachers: [], students: [] });
  });

  it('records only what changed, people lists deduplicated', () => {
    expect(
      when([created], { type: 'update', id: 'c1', changes: { name: '7 А', students: ['s2', 's3', 's3'] } }),
    ).toEqual([{ type: 'ClassUpdated', data: { id: 'c1', changes: { students: ['s2', 's3'] } } }]);
    expect(when([created], { type: 'update', id: 'c1', changes: { students: ['s1', 's2'] } })).toEqual([]);
  });

  it('is deleted once; a deleted class is gone', () => {
    const deleted: RecordEvent = { type: 'ClassDeleted', data: { id: 'c1' } };
    expect(when([created], { type: 'delete', id: 'c1' })).toEqual([deleted]);
    expect(() => when([created, deleted], { type: 'delete', id: 'c1' })).toThrow(NotFoundError);
    expect(() => when([created, deleted], { type: 'update', id: 'c1', changes: { name: 'x' } })).toThrow(
      NotFoundError,
    );
  });
});
