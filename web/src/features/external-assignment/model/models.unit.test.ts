import type { AssignmentLaunchTarget } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { launchDecision } from './launch-decision';
import { safeExternalUrl } from './safe-url';

describe('safeExternalUrl', () => {
  it('takes http and https addresses', () => {
    expect(safeExternalUrl('https://forms.example.org/a?b=1')?.host).toBe('forms.example.org');
    expect(safeExternalUrl(' http://127.0.0.1:8080/form ')?.href).toBe('http://127.0.0.1:8080/form');
  });
  it.each(['javascript:alert(1)', 'data:text/html,x', 'ftp://a.b/c', 'forms.example.org', '', null, 42])(
    'refuses %s',
    (value) => {
      expect(safeExternalUrl(value)).toBeNull();
    },
  );
});

const target = (fields: Partial<AssignmentLaunchTarget> = {}): AssignmentLaunchTarget => ({
  assignment_id: 'a-1',
  name: 'Эссе',
  type: 'external',
  status: 'process',
  relation: 'student',
  ...fields,
});

describe('launchDecision', () => {
  it('waits for the session, then asks a signed-out visitor to sign in', () => {
    expect(launchDecision({ user: undefined })).toEqual({ kind: 'loading' });
    expect(launchDecision({ user: null, errorStatus: 404 })).toEqual({ kind: 'sign-in' });
  });
  it("sends the assignment's student to it, or to its registration page before the start", () => {
    const student = { group: 'student' };
    expect(launchDecision({ user: student, target: target() })).toEqual({
      kind: 'go',
      to: '/s/assignments/a-1',
    });
    expect(launchDecision({ user: student, target: target({ status: 'remaining' }) })).toEqual({
      kind: 'go',
      to: '/s/assignments/a-1/register',
    });
  });
  it("sends its teacher to the teacher's view; anyone else is told it is not theirs", () => {
    expect(launchDecision({ user: { group: 'teacher' }, target: target({ relation: 'staff' }) })).toEqual({
      kind: 'go',
      to: '/t/assignments/a-1',
    });
    expect(launchDecision({ user: { group: 'manager' }, target: target({ relation: 'staff' }) })).toEqual({
      kind: 'not-yours',
    });
    expect(launchDecision({ user: { group: 'student' }, target: target({ relation: 'other' }) })).toEqual({
      kind: 'not-yours',
    });
  });
  it('says when the link is unknown or revoked, or the platform did not answer', () => {
    expect(launchDecision({ user: { group: 'student' }, errorStatus: 404 })).toEqual({ kind: 'invalid' });
    expect(launchDecision({ user: { group: 'student' }, errorStatus: 0 })).toEqual({ kind: 'unreachable' });
    expect(launchDecision({ user: { group: 'student' } })).toEqual({ kind: 'loading' });
  });
});
