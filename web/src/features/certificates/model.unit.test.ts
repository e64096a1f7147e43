import { describe, expect, it } from 'vitest';
import {
  certificateActionFor,
  certificateDate,
  certificateFileName,
  certificatesByStudent,
  pageOf,
  type IssuedCertificate,
} from './model';

const issued = (over: Partial<IssuedCertificate>): IssuedCertificate => ({
  id: 'c1',
  name: 'Алгебра',
  certificate_id: 't1',
  certificate_number: 'KZ-000001',
  placeholders: {},
  issued_at: '2026-11-20T10:00:00.000Z',
  user_id: 's1',
  assignment_id: 'a1',
  status: 'active',
  ...over,
});

describe('certificate actions', () => {
  it('issues when there is none, revokes an active one, restores a revoked one', () => {
    expect(certificateActionFor(undefined)).toBe('issue');
    expect(certificateActionFor(issued({ status: 'active' }))).toBe('revoke');
    expect(certificateActionFor(issued({ status: 'revoked' }))).toBe('restore');
  });

  it('keeps the newest certificate per student', () => {
    const byStudent = certificatesByStudent([
      issued({ id: 'old', issued_at: '2026-11-01T00:00:00Z' }),
      issued({ id: 'new', issued_at: '2026-11-02T00:00:00Z' }),
      issued({ id: 'other', user_id: 's2' }),
    ]);
    expect(byStudent.get('s1')?.id).toBe('new');
    expect(byStudent.get('s2')?.id).toBe('other');
    expect(byStudent.get('s3')).toBeUndefined();
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 60 }, (_, i) => i + 1);
  it('cuts pages of the given size and counts them', () => {
    expect(pageOf(items, 2, 25)).toEqual({
      data: items.slice(25, 50),
      current_page: 2,
      last_page: 3,
      total: 60,
    });
  });
  it('shows a page past the end as the last, and anything below 1 or not a number as the first', () => {
    expect(pageOf(items, 9, 25).current_page).toBe(3);
    expect(pageOf(items, 9, 25).data).toEqual(items.slice(50));
    expect(pageOf(items, 0, 25).current_page).toBe(1);
    expect(pageOf(items, Number.NaN, 25).current_page).toBe(1);
  });
  it('has one empty page for an empty list', () =>
    expect(pageOf([], 1, 25)).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 }));
});

describe('display', () => {
  it('shows dates DD.MM.YY', () => {
    const local = new Date(2026, 0, 5, 12, 0).toISOString();
    expect(certificateDate(local)).toBe('05.01.26');
    expect(certificateDate('not a date')).toBe('');
  });
  it('names the download after the number, safely', () => {
    expect(certificateFileName({ certificate_number: 'KZ-000001', id: 'x' })).toBe(
      'certificate-KZ-000001.svg',
    );
    expect(certificateFileName({ certificate_number: 'A/B 7', id: 'x' })).toBe('certificate-A_B_7.svg');
    expect(certificateFileName({ certificate_number: '', id: 'abc' })).toBe('certificate-abc.svg');
  });
});
