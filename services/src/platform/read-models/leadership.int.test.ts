import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/databases';
import { leadership } from './leadership';

describe('leadership among replicas', () => {
  it('lets one replica lead and hands over to a standby when the leader goes away', async () => {
    const url = await createTestDatabase('leader');
    const first = leadership(url, 'relay');
    await first.acquired;
    const second = leadership(url, 'relay');
    let secondLeads = false;
    void second.acquired.then(() => (secondLeads = true));
    // The standby asks at least once and is refused while the first leads.
    const other = leadership(url, 'other-role');
    await other.acquired;
    expect(secondLeads).toBe(false);
    await first.release();
    await second.acquired;
    expect(secondLeads).toBe(true);
    await second.release();
    await other.release();
  });
});
