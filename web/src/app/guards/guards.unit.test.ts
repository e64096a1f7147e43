import { describe, expect, it } from 'vitest';
import { decideAreaAccess } from './access';
import { AREA_GROUPS, groupKey, homeOf, profilePathOf } from '../../shared/guards/groups';
import { isChunkLoadError, mayReloadForChunk, shouldScrollToTop } from './navigation';
import { afterLoginTarget, loginRedirect } from '../../shared/guards/redirects';
import { isSafePath } from '../../shared/guards/safe-path';

describe('isSafePath', () => {
  it.each([
    '/',
    '/m/students',
    '/m/students/edit/0b7c-Касымова',
    '/t/profile/user@school',
    '/s/assignments/%D0%B0~_-',
    '/m/students/search?query=%D0%90%D0%B9%D0%B3%D0%B5%D1%80%D0%B8%D0%BC&page=2',
    '/t/quiz/5#question-3',
  ])('accepts the in-site path %s', (path) => expect(isSafePath(path)).toBe(true));

  it.each([
    '',
    'm/students',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/m/<script>',
    '/m/"quoted"',
    '/a b',
    '/m?x=1 y',
    '/' + 'a'.repeat(3000),
  ])('refuses %s', (path) => expect(isSafePath(path)).toBe(false));

  it('refuses what is not a string', () => {
    expect(isSafePath(undefined)).toBe(false);
    expect(isSafePath(['/m'])).toBe(false);
  });
});

describe('loginRedirect', () => {
  it('sends to the root with the original query and the page in redirect_url', () => {
    const to = loginRedirect('/m/students/search', '?query=Ким');
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('query')).toBe('Ким');
    expect(url.searchParams.get('redirect_url')).toBe('/m/students/search?query=Ким');
  });

  it('does not nest an earlier redirect_url', () => {
    const url = new URL(loginRedirect('/t', '?redirect_url=%2Fa'), 'http://x');
    expect(url.searchParams.getAll('redirect_url')).toEqual(['/t?redirect_url=%2Fa']);
  });
});

describe('afterLoginTarget', () => {
  it('returns to the remembered page when it is safe', () => {
    expect(afterLoginTarget('?redirect_url=%2Fm%2Fstudents%3Fpage%3D2', 'manager')).toBe(
      '/m/students?page=2',
    );
  });

  it("goes to the group's home for an unsafe or missing target", () => {
    expect(afterLoginTarget('?redirect_url=%2F%2Fevil.example', 'manager')).toBe('/m');
    expect(afterLoginTarget('?redirect_url=https%3A%2F%2Fevil.example', 'student')).toBe('/s');
    expect(afterLoginTarget('', 'teacher')).toBe('/t');
    expect(afterLoginTarget('?redirect_url=%2F', 'proctor')).toBe('/p');
  });

  it('sends the analyst to the dashboards, and keeps a group without an area on the index', () => {
    expect(afterLoginTarget('', 'analyst')).toBe('/an');
    expect(afterLoginTarget('?redirect_url=%2Fan%2Fconsole%3Fquery%3Dq1', 'analyst')).toBe(
      '/an/console?query=q1',
    );
    expect(homeOf('unknown')).toBeNull();
  });

  it('names groups it does not know "unknown" for texts', () => {
    expect(groupKey('proctor')).toBe('proctor');
    expect(groupKey('superuser')).toBe('unknown');
  });
});

describe('decideAreaAccess', () => {
  const at = { pathname: '/m/students', search: '?page=3' };
  const manager = { group: 'manager', school_id: 's1' };

  it('sends a signed-out visitor to the root with redirect_url', () => {
    const decision = decideAreaAccess('m', null, at);
    expect(decision.kind).toBe('login');
    if (decision.kind === 'login')
      expect(new URL(decision.to, 'http://x').searchParams.get('redirect_url')).toBe('/m/students?page=3');
  });

  it('forbids an area the group does not belong to', () => {
    expect(decideAreaAccess('m', { group: 'student', school_id: 's1' }, at)).toEqual({ kind: 'forbidden' });
    expect(decideAreaAccess('a', manager, at)).toEqual({ kind: 'forbidden' });
    expect(decideAreaAccess('s', { group: 'analyst', school_id: 's1' }, at)).toEqual({ kind: 'forbidden' });
    // The analyst's area is theirs alone: a manager or an admin does not open it.
    for (const group of ['admin', 'manager', 'teacher', 'student', 'proctor'])
      expect(decideAreaAccess('an', { group, school_id: 's1' }, at)).toEqual({ kind: 'forbidden' });
    expect(decideAreaAccess('an', { group: 'analyst', school_id: 's1' }, at)).toEqual({ kind: 'allow' });
  });

  it('sends a user without a school to the index', () => {
    expect(decideAreaAccess('m', { group: 'admin', school_id: null }, at)).toEqual({
      kind: 'choose-school',
      to: '/',
    });
  });

  it('allows each group into its own areas', () => {
    for (const [area, groups] of Object.entries(AREA_GROUPS))
      for (const group of groups)
        expect(decideAreaAccess(area as never, { group, school_id: 's1' }, at)).toEqual({ kind: 'allow' });
  });

  it('gives the analyst a home inside their area and no profile page', () => {
    expect(AREA_GROUPS.an).toContain('analyst');
    expect(homeOf('analyst')).toBe('/an');
    expect(profilePathOf('analyst')).toBeNull();
  });

  it('gives each group with an area a home and a profile inside areas it may open', () => {
    for (const group of ['admin', 'manager', 'teacher', 'student', 'proctor']) {
      for (const path of [homeOf(group), profilePathOf(group)]) {
        const area = path!.split('/')[1] as keyof typeof AREA_GROUPS;
        expect(AREA_GROUPS[area]).toContain(group);
      }
    }
  });
});

describe('navigation', () => {
  it('scrolls to the top when the path changes, not when only the query does', () => {
    expect(shouldScrollToTop('/m/students', '/m/teachers')).toBe(true);
    expect(shouldScrollToTop('/m/students', '/m/students')).toBe(false);
    expect(shouldScrollToTop(null, '/m/students')).toBe(false);
  });

  it('recognises a failed chunk download and reloads at most once a minute', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(mayReloadForChunk(100_000, null)).toBe(true);
    expect(mayReloadForChunk(100_000, 50_000)).toBe(false);
    expect(mayReloadForChunk(100_000, 40_000)).toBe(true);
  });
});
