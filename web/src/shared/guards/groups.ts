/** The groups the platform knows (services' Caller.group); the web app routes by them. */
export const GROUPS = ['admin', 'manager', 'teacher', 'student', 'proctor', 'analyst'] as const;
export type Group = (typeof GROUPS)[number];

/**
 * The route areas of the specification: teacher /t, student /s, manager /m, proctor /p, admin /a; and
 * ours for the analyst, /an (the specification gives analysts no screens; docs/web.md says why /an).
 */
export const AREAS = ['t', 's', 'm', 'p', 'a', 'an'] as const;
export type Area = (typeof AREAS)[number];

/**
 * Who may open each area. Managers share the teacher's menu (001 §2) and so its screens; the admin also
 * administers a school's people (the record API's access table), which live under /m.
 */
export const AREA_GROUPS: Record<Area, readonly Group[]> = {
  t: ['teacher', 'manager'],
  s: ['student'],
  m: ['manager', 'admin'],
  p: ['proctor'],
  a: ['admin'],
  an: ['analyst'],
};

/** Where each group lands after signing in: the analyst on the dashboards. */
const HOME: Record<Group, string | null> = {
  admin: '/a',
  manager: '/m',
  teacher: '/t',
  student: '/s',
  proctor: '/p',
  analyst: '/an',
};

export function isGroup(value: unknown): value is Group {
  return typeof value === 'string' && (GROUPS as readonly string[]).includes(value);
}

/** A group's own name for texts keyed by group; a group the app does not know reads as 'unknown'. */
export function groupKey(group: string): Group | 'unknown' {
  return isGroup(group) ? group : 'unknown';
}

/** The group's home route, or null for a group without an area (it stays on the index). */
export function homeOf(group: string): string | null {
  return isGroup(group) ? HOME[group] : null;
}

/** The profile route of a group ("group plus profile-view"); the admin's profile lives in /m. */
export function profilePathOf(group: string): string | null {
  switch (group) {
    case 'teacher':
      return '/t/profile';
    case 'student':
      return '/s/profile';
    case 'proctor':
      return '/p/profile';
    case 'manager':
    case 'admin':
      return '/m/profile';
    default:
      return null;
  }
}
