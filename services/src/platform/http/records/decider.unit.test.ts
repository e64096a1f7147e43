import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError } from '../../errors';
import {
  decideRecord,
  evolveRecord,
  initialRecordState,
  type RecordEvent,
  type RecordState,
} from './decider';

const types = { created: 'CityCreated', updated: 'CityUpdated', deleted: 'CityDeleted' };
const given = (...events: RecordEvent[]): RecordState =>
  events.reduce((state, event) => evolveRecord(state, event, types), initialRecordState);
const created: RecordEvent = { type: 'CityCreated', data: { id: 'c1', name: 'Алматы', is_default: true } };

describe('the record decider', () => {
  it('creates a record once', () => {
    expect(decideRecord({ type: 'create', id: 'c1', data: { name: 'Алматы' } }, given(), types)).toEqual([
      { type: 'CityCreated', data: { name: 'Алматы', id: 'c1' } },
    ]);
    expect(() => decideRecord({ type: 'create', id: 'c1', data: {} }, given(created), types)).toThrow(
      DomainError,
    );
  });

  it('records only the fields that changed, and nothing when none did', () => {
    const state = given(created);
    expect(
      decideRecord(
        { type: 'update', id: 'c1', changes: { name: 'Алма-Ата', is_default: true } },
        state,
        types,
      ),
    ).toEqual([{ type: 'CityUpdated', data: { id: 'c1', changes: { name: 'Алма-Ата' } } }]);
    expect(decideRecord({ type: 'update', id: 'c1', changes: { name: 'Алматы' } }, state, types)).toEqual([]);
  });

  it('refuses to update or delete what does not exist or was deleted', () => {
    const deleted = given(created, { type: 'CityDeleted', data: { id: 'c1' } });
    for (const state of [given(), deleted]) {
      expect(() => decideRecord({ type: 'update', id: 'c1', changes: { name: 'x' } }, state, types)).toThrow(
        NotFoundError,
      );
      expect(() => decideRecord({ type: 'delete', id: 'c1' }, state, types)).toThrow(NotFoundError);
    }
  });

  it('folds updates into the state', () => {
    const state = given(created, { type: 'CityUpdated', data: { id: 'c1', changes: { name: 'Астана' } } });
    expect(state).toEqual({ status: 'live', data: { name: 'Астана', is_default: true } });
  });
});
