import { describe, expect, it } from 'vitest';
import { generateInviteCode, inviteCodeKey } from './code';
import { activateRecipients, mergeRecipients } from './recipients';

describe('invite codes and their recipients', () => {
  it('are typed without case, spaces or hyphens mattering, and never contain look-alike symbols', () => {
    for (let i = 0; i < 200; i += 1)
      expect(generateInviteCode()).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(inviteCodeKey(' demo-2026 ')).toBe('DEMO2026');
    expect(inviteCodeKey('Demo 2026')).toBe(inviteCodeKey('DEMO-2026'));
    expect(inviteCodeKey('--')).toBeNull();
  });

  it('keep a recipient’s history through edits and activate the ones whose contact came in', () => {
    const first = mergeRecipients(
      [],
      [
        { type: 'email', recipient: 'Parent@School.kz', name: 'Родитель' },
        { type: 'phone', recipient: '+7 (701) 555-0101', name: null },
      ],
      '2026-09-01T08:00:00.000Z',
    );
    const activated = activateRecipients(first, ['77015550101'], '2026-09-02T08:00:00.000Z');
    expect(activated.map((r) => r.is_activated)).toEqual([false, true]);
    const edited = mergeRecipients(
      activated,
      [{ type: 'phone', recipient: '+77015550101', name: 'Папа' }],
      '2026-09-03T08:00:00.000Z',
    );
    expect(edited).toEqual([
      {
        type: 'phone',
        recipient: '+7 (701) 555-0101',
        name: 'Папа',
        is_activated: true,
        created_at: '2026-09-01T08:00:00.000Z',
        updated_at: '2026-09-03T08:00:00.000Z',
      },
    ]);
  });
});
