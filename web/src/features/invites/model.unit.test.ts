import { describe, expect, it } from 'vitest';
import {
  dayOf,
  EMPTY_INVITE,
  endOfDay,
  fieldsOf,
  inviteBody,
  inviteChanges,
  inviteState,
  type Invite,
} from './model';

const invite = (over: Partial<Invite> = {}): Invite => ({
  id: 'i1',
  owner_id: 'u1',
  code: 'K7PM-W3QX',
  group: 'student',
  name: '7 А',
  description: null,
  limits: 0,
  is_revoked: false,
  expired_at: null,
  usages_count: 0,
  form_enabled: false,
  form_url: null,
  form_name: null,
  form_description: null,
  recipients: [],
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('inviteState', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is active without limits or expiry', () => expect(inviteState(invite(), now)).toBe('active'));
  it('is revoked first, whatever else holds', () =>
    expect(inviteState(invite({ is_revoked: true, expired_at: '2020-01-01T00:00:00Z' }), now)).toBe(
      'revoked',
    ));
  it('is expired at and after its time, as the server checks (expired_at ≤ now)', () => {
    expect(inviteState(invite({ expired_at: '2026-11-24T12:00:00Z' }), now)).toBe('expired');
    expect(inviteState(invite({ expired_at: '2026-11-24T12:00:01Z' }), now)).toBe('active');
  });
  it('is used up when the uses reach a non-zero limit; 0 means without limit', () => {
    expect(inviteState(invite({ limits: 3, usages_count: 3 }), now)).toBe('exhausted');
    expect(inviteState(invite({ limits: 3, usages_count: 2 }), now)).toBe('active');
    expect(inviteState(invite({ limits: 0, usages_count: 500 }), now)).toBe('active');
  });
});

describe('the form and the body', () => {
  it('ends the chosen day on the local clock and reads it back', () => {
    const iso = endOfDay('2026-12-31');
    expect(iso).not.toBeNull();
    const at = new Date(iso ?? '');
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([
      2026, 11, 31, 23, 59,
    ]);
    expect(dayOf(iso)).toBe('2026-12-31');
    expect(endOfDay('')).toBeNull();
    expect(endOfDay('31.12.2026')).toBeNull();
  });

  it('sends empty texts as null, drops blank recipients and the form fields when the form is off', () => {
    const body = inviteBody({
      ...EMPTY_INVITE,
      name: '  Приглашение 7 А ',
      limits: 30,
      form_url: 'https://example.org/form',
      recipients: [
        { type: 'email', recipient: ' parent@example.org ', name: '' },
        { type: 'phone', recipient: '  ', name: 'Никто' },
      ],
    });
    expect(body).toEqual({
      name: 'Приглашение 7 А',
      description: null,
      group: 'student',
      limits: 30,
      expired_at: null,
      form_enabled: false,
      form_url: null,
      form_name: null,
      form_description: null,
      recipients: [{ type: 'email', recipient: 'parent@example.org', name: null }],
    });
  });

  it('updates with the changed fields only, never the group', () => {
    const before = fieldsOf(
      invite({ limits: 10, recipients: [{ type: 'email', recipient: 'a@b.kz', name: 'А' }] }),
    );
    expect(inviteChanges(before, { ...before })).toEqual({});
    expect(inviteChanges(before, { ...before, limits: 20, group: 'teacher' })).toEqual({ limits: 20 });
    const recipients = [
      ...before.recipients,
      { type: 'phone' as const, recipient: '+77011234567', name: '' },
    ];
    expect(inviteChanges(before, { ...before, recipients })).toEqual({
      recipients: [
        { type: 'email', recipient: 'a@b.kz', name: 'А' },
        { type: 'phone', recipient: '+77011234567', name: null },
      ],
    });
  });
});
