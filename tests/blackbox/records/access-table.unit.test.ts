import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../../services/src/platform/errors';
import { GROUPS, type Caller } from '../../../services/src/platform/http/caller';
import {
  ACTIONS,
  authorize,
  groups,
  mergeRecordAccess,
  ruleFor,
  sameForEveryAction,
} from '../../../services/src/platform/http/records/access';
import { accessTable } from '../../support/access-tables';

const caller = (group: Caller['group']): Caller => ({
  userId: 'u1',
  schoolId: 's1',
  group,
  pendingChallenges: [],
});

describe('the access table', () => {
  it('names a rule for every action and group of every collection', () => {
    for (const [collection, rules] of Object.entries(accessTable)) {
      for (const action of ACTIONS) {
        for (const group of GROUPS) {
          expect(['none', 'all', 'own-school', 'own'], `${collection} ${action} ${group}`).toContain(
            rules[action][group],
          );
        }
      }
    }
  });

  it('lets everybody read reference data and only the admin edit regions, cities, countries, counties', () => {
    for (const collection of ['regions', 'cities', 'countries', 'counties']) {
      for (const group of GROUPS) {
        expect(ruleFor(accessTable, collection, 'list', group)).toBe('all');
        expect(ruleFor(accessTable, collection, 'update', group)).toBe(group === 'admin' ? 'all' : 'none');
      }
    }
    expect(ruleFor(accessTable, 'languages', 'create', 'admin')).toBe('none');
  });

  it('closes a collection missing from the table', () => {
    expect(ruleFor(accessTable, 'unknown', 'get', 'admin')).toBe('none');
    expect(() => authorize(accessTable, 'unknown', 'get', caller('admin'))).toThrow(ForbiddenError);
  });

  it('turns rules into scopes', () => {
    const table = {
      notices: {
        list: { ...accessTable.regions!.list, teacher: 'own-school' as const, student: 'own' as const },
        get: accessTable.regions!.get,
        create: accessTable.regions!.create,
        update: accessTable.regions!.update,
        delete: accessTable.regions!.delete,
      },
    };
    expect(authorize(table, 'notices', 'list', caller('admin'))).toEqual({ kind: 'all' });
    expect(authorize(table, 'notices', 'list', caller('teacher'))).toEqual({
      kind: 'school',
      schoolId: 's1',
    });
    expect(authorize(table, 'notices', 'list', caller('student'))).toEqual({
      kind: 'own',
      schoolId: 's1',
      userId: 'u1',
    });
    expect(() => authorize(table, 'notices', 'create', caller('student'))).toThrow(ForbiddenError);
  });

  it("merges the contexts' tables, refusing a collection two contexts both name", () => {
    const open = sameForEveryAction(groups('all'));
    const closed = sameForEveryAction(groups('none'));
    expect(mergeRecordAccess([{ a: open }, { b: closed }])).toEqual({ a: open, b: closed });
    expect(() => mergeRecordAccess([{ a: open }, { a: closed }])).toThrow('collection a has two rows');
  });
});
