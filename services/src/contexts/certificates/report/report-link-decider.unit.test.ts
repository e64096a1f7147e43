import { describe, expect, it } from 'vitest';
import {
  decideReportLink,
  evolveReportLink,
  initialReportLinkState,
  type ReportLinkCommand,
  type ReportLinkEvent,
} from './report-link-decider';

const share = (token: string): ReportLinkCommand => ({
  type: 'Share',
  token,
  attemptId: 'att-1',
  assignmentId: 'asg-1',
  studentId: 'stu-1',
  schoolId: 'school-a',
  by: 'teacher-1',
  at: '2026-03-05T10:00:00.000Z',
});
const revoke: ReportLinkCommand = {
  type: 'Revoke',
  attemptId: 'att-1',
  by: 'teacher-1',
  at: '2026-03-05T11:00:00.000Z',
};
const given = (events: ReportLinkEvent[]) => events.reduce(evolveReportLink, initialReportLinkState);

describe('the report link decider', () => {
  it('shares a new link with the token it was given', () => {
    expect(decideReportLink(share('token-aaaaaaaaaaaaaaaa'), initialReportLinkState)).toEqual([
      {
        type: 'ReportLinkShared',
        data: {
          token: 'token-aaaaaaaaaaaaaaaa',
          attempt_id: 'att-1',
          assignment_id: 'asg-1',
          student_id: 'stu-1',
          school_id: 'school-a',
          shared_by: 'teacher-1',
          at: '2026-03-05T10:00:00.000Z',
        },
      },
    ]);
  });

  it('keeps the live link when asked to share again', () => {
    const shared = decideReportLink(share('token-aaaaaaaaaaaaaaaa'), initialReportLinkState);
    expect(decideReportLink(share('token-bbbbbbbbbbbbbbbb'), given(shared))).toEqual([]);
  });

  it('revokes the live token, and a later share makes a new one', () => {
    const shared = decideReportLink(share('token-aaaaaaaaaaaaaaaa'), initialReportLinkState);
    const revoked = decideReportLink(revoke, given(shared));
    expect(revoked).toEqual([
      {
        type: 'ReportLinkRevoked',
        data: { token: 'token-aaaaaaaaaaaaaaaa', attempt_id: 'att-1', by: 'teacher-1', at: revoke.at },
      },
    ]);
    const again = decideReportLink(share('token-bbbbbbbbbbbbbbbb'), given([...shared, ...revoked]));
    expect(again.map((e) => e.type === 'ReportLinkShared' && e.data.token)).toEqual([
      'token-bbbbbbbbbbbbbbbb',
    ]);
  });

  it('revokes nothing when no link lives', () => {
    expect(decideReportLink(revoke, initialReportLinkState)).toEqual([]);
  });
});
