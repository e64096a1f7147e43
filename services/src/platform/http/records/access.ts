import { ForbiddenError } from '../../errors';
import { GROUPS, type Caller, type Group } from '../caller';

export const ACTIONS = ['list', 'get', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * - none: the route answers 403;
 * - all: every record, whatever its school;
 * - own-school: only records of the caller's chosen school (others are invisible: absent, 404);
 * - own: only records the caller created, within the caller's school.
 */
export type Rule = 'none' | 'all' | 'own-school' | 'own';

export type CollectionAccess = Record<Action, Record<Group, Rule>>;
export type AccessTable = Record<string, CollectionAccess>;

/** Which records a caller may touch, resolved from the table for one action. */
export type Scope =
  | { kind: 'all' }
  | { kind: 'school'; schoolId: string | null }
  | { kind: 'own'; schoolId: string | null; userId: string };

export function groups(rule: Rule, overrides: Partial<Record<Group, Rule>> = {}): Record<Group, Rule> {
  return Object.fromEntries(GROUPS.map((g) => [g, overrides[g] ?? rule])) as Record<Group, Rule>;
}

/** Everybody reads; only the admin writes: shared reference rows. */
export const adminCurated: CollectionAccess = {
  list: groups('all'),
  get: groups('all'),
  create: groups('none', { admin: 'all' }),
  update: groups('none', { admin: 'all' }),
  delete: groups('none', { admin: 'all' }),
};

/** Everybody reads; nobody writes over HTTP: the rows come from the seed. */
export const seededOnly: CollectionAccess = {
  list: groups('all'),
  get: groups('all'),
  create: groups('none'),
  update: groups('none'),
  delete: groups('none'),
};

/** A school's admins and managers manage its people; nobody sees another school's. */
export const schoolStaff = groups('none', { admin: 'own-school', manager: 'own-school' });

/**
 * Authoring (lessons, quizzes, courses and their parts): a school's teachers, managers and admins build
 * and read its content; a teacher edits and deletes only their own (a chapter, component, group or
 * material is its lesson's or course's author's). A draft course is seen by its author only (the draft
 * rule in contexts/authoring/routes.ts). Students, proctors and analysts reach lessons and quizzes
 * through assignments; students read courses (`courseware` in contexts/authoring/access-rules.ts).
 */
export const schoolAuthors = groups('none', {
  admin: 'own-school',
  manager: 'own-school',
  teacher: 'own-school',
});
export const ownAuthors = groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own' });
export const authored: CollectionAccess = {
  list: schoolAuthors,
  get: schoolAuthors,
  create: schoolAuthors,
  update: ownAuthors,
  delete: ownAuthors,
};
/** The same rules for all five actions. */
export function sameForEveryAction(rules: Record<Group, Rule>): CollectionAccess {
  return Object.fromEntries(ACTIONS.map((action) => [action, rules])) as CollectionAccess;
}

/** One table from every context's; a collection named twice is a mistake that would hide one rule. */
export function mergeRecordAccess(tables: readonly AccessTable[]): AccessTable {
  const merged: AccessTable = {};
  for (const table of tables) {
    for (const [collection, rules] of Object.entries(table)) {
      if (merged[collection])
        throw new Error(`collection ${collection} has two rows in the record access tables`);
      merged[collection] = rules;
    }
  }
  return merged;
}

export function ruleFor(table: AccessTable, collection: string, action: Action, group: Group): Rule {
  // A collection missing from the table is closed: the secure default.
  return table[collection]?.[action]?.[group] ?? 'none';
}

/** The one place a rule becomes a decision: 403 for 'none', otherwise the scope queries must apply. */
export function authorize(table: AccessTable, collection: string, action: Action, caller: Caller): Scope {
  const rule = ruleFor(table, collection, action, caller.group);
  switch (rule) {
    case 'none':
      throw new ForbiddenError('Forbidden');
    case 'all':
      return { kind: 'all' };
    case 'own-school':
      return { kind: 'school', schoolId: caller.schoolId };
    case 'own':
      return { kind: 'own', schoolId: caller.schoolId, userId: caller.userId };
    default: {
      const unknown: never = rule;
      throw new Error(`unknown access rule ${String(unknown)}`);
    }
  }
}
