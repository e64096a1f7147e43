import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AREA_GROUPS, GROUPS, type Area } from '../../shared/guards/groups';
import { allPaths } from './route-table';
import { menuOf } from '../../shared/navigation/menus';

describe('menuOf', () => {
  const paths = allPaths();

  it('links only to routes that exist and that the group may open', () => {
    for (const group of GROUPS) {
      for (const item of menuOf(group).flatMap((s) => s.items)) {
        if (!item.to) continue;
        expect(
          paths.some((pattern) => matchPath(pattern, item.to!)),
          `${group}: ${item.to}`,
        ).toBe(true);
        const area = item.to.split('/')[1] as Area;
        expect(AREA_GROUPS[area], `${group} may open ${item.to}`).toContain(group);
      }
    }
  });

  it('shares the teacher menu with managers and ends student and proctor menus with exit', () => {
    const keys = (group: string) => menuOf(group).map((s) => s.key);
    expect(keys('teacher').slice(0, 3)).toEqual(['main', 'library', 'groups']);
    expect(keys('manager').slice(0, 3)).toEqual(['main', 'library', 'groups']);
    for (const group of ['student', 'proctor']) {
      const main = menuOf(group)[0]!.items.map((i) => i.key);
      expect(main.slice(-2)).toEqual(['profile', 'logout']);
    }
  });

  it("gives the analyst their own area's dashboards, console and saved queries, and exit", () => {
    const items = menuOf('analyst').flatMap((s) => s.items);
    expect(items.map((i) => i.to ?? i.action)).toEqual(['/an', '/an/console', '/an/queries', 'logout']);
  });

  it('gives a group it does not know an empty menu', () => {
    expect(menuOf('nobody')).toEqual([]);
  });
});

describe('route table', () => {
  it('has every area route of the specification', () => {
    const paths = allPaths();
    for (const path of [
      '/t/assignments/result/:assignment/:result',
      '/t/profile/:user?',
      '/t/profile-edit',
      '/s/assignments/:assignment/register',
      '/s/profile/password',
      '/m/students/edit/:idName',
      '/m/orders/search',
      '/m/storages/edit/:storage',
      '/p/assignments/:assignment',
      '/a/schools/:entity',
      '/an',
      '/an/console',
      '/an/queries',
      '/session/upload/:token',
      '/report/:token',
      '/register/:url',
    ])
      expect(paths).toContain(path);
  });

  it('has no path twice', () => {
    const paths = allPaths();
    expect(new Set(paths).size).toBe(paths.length);
  });
});
