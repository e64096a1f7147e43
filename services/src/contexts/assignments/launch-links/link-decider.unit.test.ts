import { describe, expect, it } from 'vitest';
import {
  decideLaunchLink,
  evolveLaunchLink,
  initialLaunchLinkState,
  type LaunchLinkCommand,
  type LaunchLinkEvent,
} from './link-decider';

const AT = '2026-11-24T10:00:00.000Z';
const issue = (token: string, type: 'Issue' | 'Renew' = 'Issue'): LaunchLinkCommand => ({
  type,
  token,
  code: 'ABCD2345',
  assignmentId: 'a1',
  schoolId: 's1',
  by: 't1',
  at: AT,
});
const revoke: LaunchLinkCommand = { type: 'Revoke', assignmentId: 'a1', by: 't1', at: AT };
const given = (events: LaunchLinkEvent[]) => events.reduce(evolveLaunchLink, initialLaunchLinkState);
const issued = (token: string): LaunchLinkEvent => decideLaunchLink(issue(token), initialLaunchLinkState)[0]!;

describe('launch link decider', () => {
  it('issues a token when none lives', () => {
    expect(decideLaunchLink(issue('tok-aaaaaaaaaaaaaaaa'), given([]))).toEqual([
      {
        type: 'AssignmentLaunchLinkIssued',
        data: {
          token: 'tok-aaaaaaaaaaaaaaaa',
          code: 'ABCD2345',
          assignment_id: 'a1',
          school_id: 's1',
          issued_by: 't1',
          at: AT,
        },
      },
    ]);
  });
  it('issuing while a token lives decides nothing (the same link is copied again)', () => {
    expect(decideLaunchLink(issue('tok-bbbbbbbbbbbbbbbb'), given([issued('tok-aaaaaaaaaaaaaaaa')]))).toEqual(
      [],
    );
  });
  it('renewing revokes the live token and issues the new one together', () => {
    const events = decideLaunchLink(
      issue('tok-bbbbbbbbbbbbbbbb', 'Renew'),
      given([issued('tok-aaaaaaaaaaaaaaaa')]),
    );
    expect(events.map((e) => [e.type, e.data.token])).toEqual([
      ['AssignmentLaunchLinkRevoked', 'tok-aaaaaaaaaaaaaaaa'],
      ['AssignmentLaunchLinkIssued', 'tok-bbbbbbbbbbbbbbbb'],
    ]);
    expect(given(events).live?.token).toBe('tok-bbbbbbbbbbbbbbbb');
  });
  it('revoking ends the live token; revoking again decides nothing', () => {
    const events = decideLaunchLink(revoke, given([issued('tok-aaaaaaaaaaaaaaaa')]));
    expect(events.map((e) => e.type)).toEqual(['AssignmentLaunchLinkRevoked']);
    expect(decideLaunchLink(revoke, given([issued('tok-aaaaaaaaaaaaaaaa'), ...events]))).toEqual([]);
  });
});
