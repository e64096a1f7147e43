import { describe, expect, it } from 'vitest';
import { accessMatrix, ACCESS_COLLECTIONS } from './access-matrix';
import { GROUPS } from '../../../services/src/platform/http/caller';
import { ACTIONS } from '../../../services/src/platform/http/records/access';
import { testAccess } from './records-app';

/** The access matrix (access-matrix.ts) over reference data, notices and invite codes. */
describe('the access table', () => {
  it('covers every registered collection, action and group', () => {
    for (const collection of Object.values(ACCESS_COLLECTIONS).flat()) {
      for (const action of ACTIONS) {
        for (const group of GROUPS) expect(testAccess[collection.name]?.[action]?.[group]).toBeDefined();
      }
    }
  });
});

accessMatrix(ACCESS_COLLECTIONS.records);
