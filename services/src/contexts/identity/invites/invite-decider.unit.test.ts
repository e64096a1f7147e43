import { InviteCodeCreated } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../platform/errors';
import { InviteCodeError } from './errors';
import { inviteDecider, refusalOf, type InviteCommand, type InviteEvent } from './invite-decider';

const given = (events: InviteEvent[]) => events.reduce(inviteDecider.evolve, inviteDecider.initialState);
const when = (history: InviteEvent[], command: InviteCommand) =>
  inviteDecider.decide(command, given(history));
const refused = (history: InviteEvent[], command: InviteCommand) => {
  try {
    when(history, command);
  } catch (error) {
    return error instanceof InviteCodeError ? error.reason : error;
  }
  return 'accepted';
};

const AT = '2026-09-01T08:00:00.000Z';
const created = (
  fields: Record<string, unknown> = {},
): Extract<InviteEvent, { type: 'InviteCodeCreated' }> => ({
  type: 'InviteCodeCreated',
  data: InviteCodeCreated.schema.parse({
    id: 'inv-1',
    code: 'K7PM-W3QX',
    school_id: 'school-1',
    owner_id: 'teacher-1',
    name: 'Поток 2026',
    ...fields,
  }),
});
const use = (userId: string, at = AT): InviteCommand => ({
  type: 'Use',
  userId,
  purpose: 'register',
  contacts: [],
  at,
});
const used = (userId: string): InviteEvent => ({
  type: 'InviteCodeUsed',
  data: { inviteCodeId: 'inv-1', userId, purpose: 'register', contacts: [], usedAt: AT },
});

describe('an invite code', () => {
  it('is created for students by default, unlimited, and counts a use per user', () => {
    const [event] = when([], { type: 'Create', data: created().data });
    expect(event).toMatchObject({ type: 'InviteCodeCreated', data: { group: 'student', limits: 0 } });
    expect(when([created()], use('u1'))).toEqual([used('u1')]);
    // The same user again (attaching the school twice) is not a second use.
    expect(when([created(), used('u1')], use('u1'))).toEqual([]);
  });

  it('refuses the use past its limit, so the last use goes to one user only', () => {
    const limited = created({ limits: 2 });
    expect(when([limited, used('u1')], use('u2'))).toEqual([used('u2')]);
    expect(refused([limited, used('u1'), used('u2')], use('u3'))).toBe('usedUp');
    // A use given back (the registration failed) frees the place again.
    const released: InviteEvent = {
      type: 'InviteCodeUseReleased',
      data: { inviteCodeId: 'inv-1', userId: 'u2', releasedAt: AT },
    };
    expect(when([limited, used('u1'), used('u2'), released], use('u3'))).toEqual([used('u3')]);
  });

  it('refuses a revoked, expired, deleted or unknown code, each with its own reason', () => {
    const revoked: InviteEvent = {
      type: 'InviteCodeUpdated',
      data: { id: 'inv-1', changes: { is_revoked: true } },
    };
    expect(refused([created(), revoked], use('u1'))).toBe('revoked');
    const expiring = created({ expired_at: '2026-09-01T09:00:00.000Z' });
    expect(refused([expiring], use('u1', '2026-09-01T08:59:59.999Z'))).toBe('accepted');
    expect(refused([expiring], use('u1', '2026-09-01T09:00:00.000Z'))).toBe('expired');
    const deleted: InviteEvent = { type: 'InviteCodeDeleted', data: { id: 'inv-1' } };
    expect(refused([created(), deleted], use('u1'))).toBe('unknown');
    expect(refused([], use('u1'))).toBe('unknown');
    expect(refusalOf(given([created(), revoked]), AT)).toBe('revoked');
  });

  it('keeps a member who used it in, even after it was revoked', () => {
    const revoked: InviteEvent = {
      type: 'InviteCodeUpdated',
      data: { id: 'inv-1', changes: { is_revoked: true } },
    };
    expect(when([created(), used('u1'), revoked], use('u1'))).toEqual([]);
  });

  it('records only the fields an edit changed, and nothing for an unchanged form', () => {
    expect(when([created()], { type: 'Update', changes: { name: 'Поток 2026', limits: 30 } })).toEqual([
      { type: 'InviteCodeUpdated', data: { id: 'inv-1', changes: { limits: 30 } } },
    ]);
    expect(when([created()], { type: 'Update', changes: { name: 'Поток 2026' } })).toEqual([]);
  });

  it('is deleted once; an absent or deleted invite cannot be edited', () => {
    const deleted: InviteEvent = { type: 'InviteCodeDeleted', data: { id: 'inv-1' } };
    expect(when([created()], { type: 'Delete' })).toEqual([deleted]);
    expect(() => when([created(), deleted], { type: 'Delete' })).toThrow(NotFoundError);
    expect(() => when([], { type: 'Update', changes: { name: 'x' } })).toThrow(NotFoundError);
  });

  it('gives back only a use that was taken', () => {
    expect(when([created()], { type: 'Release', userId: 'u1', at: AT })).toEqual([]);
  });
});
