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

function groups(rule: Rule, overrides: Partial<Record<Group, Rule>> = {}): Record<Group, Rule> {
  return Object.fromEntries(GROUPS.map((g) => [g, overrides[g] ?? rule])) as Record<Group, Rule>;
}

/** Everybody reads; only the admin writes: shared reference rows. */
const adminCurated: CollectionAccess = {
  list: groups('all'),
  get: groups('all'),
  create: groups('none', { admin: 'all' }),
  update: groups('none', { admin: 'all' }),
  delete: groups('none', { admin: 'all' }),
};

/** Everybody reads; nobody writes over HTTP: the rows come from the seed. */
const seededOnly: CollectionAccess = {
  list: groups('all'),
  get: groups('all'),
  create: groups('none'),
  update: groups('none'),
  delete: groups('none'),
};

/** A school's admins and managers manage its people; nobody sees another school's. */
const schoolStaff = groups('none', { admin: 'own-school', manager: 'own-school' });

/** Students, teachers, proctors: managed by the school's staff, created only through their group. */
const peopleOfGroup = (readers: Partial<Record<Group, Rule>> = {}): CollectionAccess => ({
  list: { ...schoolStaff, ...readers },
  get: { ...schoolStaff, ...readers },
  create: schoolStaff,
  update: schoolStaff,
  delete: schoolStaff,
});

/**
 * Authoring (lessons, quizzes, courses and their parts): a school's teachers, managers and admins build
 * and read its content; a teacher edits and deletes only their own (a chapter, component, group or
 * material is its lesson's or course's author's). A draft course is seen by its author only (the draft
 * rule in contexts/authoring/routes.ts). Students, proctors and analysts reach lessons and quizzes
 * through assignments; students read courses (`courseware` below).
 */
const schoolAuthors = groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own-school' });
const ownAuthors = groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own' });
const authored: CollectionAccess = {
  list: schoolAuthors,
  get: schoolAuthors,
  create: schoolAuthors,
  update: ownAuthors,
  delete: ownAuthors,
};
/**
 * Courses and their groups and materials: authored as above, and read by the school's students too,
 * narrowed to published, non-private (or their own private) courses and published materials by
 * contexts/authoring/visibility.ts. A material's lesson or quiz stays closed to them: they open it
 * through its assignment.
 */
const schoolCourseReaders = groups('none', { ...schoolAuthors, student: 'own-school' });
const courseware: CollectionAccess = { ...authored, list: schoolCourseReaders, get: schoolCourseReaders };

/**
 * Assignments (contexts/assignments): a school's teachers and staff make classes and assignments; a
 * teacher edits and deletes their own. Students read theirs only: the classes they are in and the
 * assignments they are given (narrowed by contexts/assignments/visibility.ts). A student's work
 * (attempts, results, scores, reviews, comments) is theirs ('own': owner_id is the student) and is read
 * by the school's staff and by the assignment's teachers (owner and reviewers, narrowed by the same
 * rule). Work is never edited through the record calls: it changes through its commands.
 */
const classworkReaders = groups('none', {
  admin: 'own-school',
  manager: 'own-school',
  teacher: 'own-school',
  student: 'own-school',
  // A school's proctors proctor all its assignments (docs/proctoring.md): they read them and their classes.
  proctor: 'own-school',
});
const classwork: CollectionAccess = {
  list: classworkReaders,
  get: classworkReaders,
  create: schoolAuthors,
  update: ownAuthors,
  delete: ownAuthors,
};
const studentWork = (
  creators: Partial<Record<Group, Rule>>,
  readers: Partial<Record<Group, Rule>> = {},
): CollectionAccess => ({
  list: groups('none', {
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own',
    ...readers,
  }),
  get: groups('none', {
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own',
    ...readers,
  }),
  create: groups('none', creators),
  update: groups('none'),
  delete: groups('none'),
});

/** Recordings are their student's; the school's staff and proctors read them (media visibility narrows teachers). */
const recordingReaders = groups('none', {
  admin: 'own-school',
  manager: 'own-school',
  teacher: 'own-school',
  proctor: 'own-school',
  student: 'own',
});

/** The one authorisation table of the record API: collection × action × group → rule. */
export const accessTable: AccessTable = {
  regions: adminCurated,
  cities: adminCurated,
  countries: adminCurated,
  counties: adminCurated,
  timezones: seededOnly,
  languages: seededOnly,
  // Everybody of the school; people are created as students, teachers or proctors, and only the admin
  // edits or deactivates a manager's or another admin's account.
  users: {
    list: schoolStaff,
    get: schoolStaff,
    create: groups('none'),
    update: groups('none', { admin: 'own-school' }),
    delete: groups('none', { admin: 'own-school' }),
  },
  // Teachers read the students of their school (classes, assignments, reports); proctors, whom they watch.
  students: peopleOfGroup({ teacher: 'own-school', proctor: 'own-school' }),
  teachers: peopleOfGroup(),
  proctors: peopleOfGroup(),
  // Invites into a school (identity): a teacher manages the ones they made, the school's staff all of them.
  'invite-codes': Object.fromEntries(
    ACTIONS.map((action) => [
      action,
      groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own' }),
    ]),
  ) as CollectionAccess,
  // Authoring: see `authored` above.
  lessons: authored,
  'lesson-chapters': authored,
  'lesson-components': authored,
  quiz: authored,
  courses: courseware,
  'course-groups': courseware,
  'course-materials': courseware,
  // Assignments: see `classwork` and `studentWork` above.
  classes: classwork,
  assignments: classwork,
  // Proctors watch attempts (state, times) but never read answers, scores or reviews.
  'assignment-attempts': studentWork({ student: 'own' }, { proctor: 'own-school' }),
  'assignment-results': studentWork({ student: 'own' }),
  'assignment-scores': studentWork({}),
  'assignment-reviewer-results': studentWork({
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
  }),
  'assignment-reviewer-scores': studentWork({}),
  'assignment-comments': studentWork({
    admin: 'own-school',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own',
  }),
  // Schools (contexts/schools): the admin curates every school; a manager reads their own (a school's
  // school_id is itself). Schools are never deleted: people and records hang off them.
  schools: {
    list: groups('none', { admin: 'all', manager: 'own-school' }),
    get: groups('none', { admin: 'all', manager: 'own-school' }),
    create: groups('none', { admin: 'all' }),
    update: groups('none', { admin: 'all' }),
    delete: groups('none'),
  },
  // Certificate templates (contexts/certificates): made by a school's teachers and staff, a teacher
  // edits their own; issued certificates are read through /api/user/certificates by their holder.
  certificates: authored,
  // Background tasks (contexts/tasks): everybody reads their own; they are made by the routes that
  // start them (a results export) and changed only by their actions.
  tasks: {
    list: groups('own'),
    get: groups('own'),
    create: groups('none'),
    update: groups('none'),
    delete: groups('none'),
  },
  // Classrooms (contexts/classrooms, docs/classrooms.md): a school's teachers, managers and admins manage
  // its rooms and their parts; students, proctors and analysts see none. Gate models are seeded.
  ...Object.fromEntries(
    ['classrooms', 'classroom-schedules', 'classroom-pcs', 'classroom-acs', 'classroom-persons'].map(
      (name) => [
        name,
        Object.fromEntries(ACTIONS.map((action) => [action, schoolAuthors])) as CollectionAccess,
      ],
    ),
  ),
  // Servers and storages (contexts/infrastructure, docs/infrastructure.md): a school's managers and admins
  // only; nobody else sees them, and another school's are absent.
  ...Object.fromEntries(
    ['webinar-servers', 'storages'].map((name) => [
      name,
      Object.fromEntries(ACTIONS.map((action) => [action, schoolStaff])) as CollectionAccess,
    ]),
  ),
  // Anti-plagiarism groups (contexts/antiplagiarism): named by a school's managers and admins; its
  // teachers read them (a check compares the classes of a group).
  'antiplagiarism-groups': {
    list: groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own-school' }),
    get: groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own-school' }),
    create: schoolStaff,
    update: schoolStaff,
    delete: schoolStaff,
  },
  'acs-gates': {
    list: groups('none', { admin: 'all', manager: 'all', teacher: 'all' }),
    get: groups('none', { admin: 'all', manager: 'all', teacher: 'all' }),
    create: groups('none'),
    update: groups('none'),
    delete: groups('none'),
  },
  // Recordings (contexts/media): a student opens and removes their own sessions and asks for a record
  // (a conversion) of them; the school's staff and proctors read them, a teacher those of the assignments
  // they teach (contexts/media/visibility.ts). Records are made by the transcoder, never edited.
  'webinar-sessions': {
    list: recordingReaders,
    get: recordingReaders,
    create: groups('none', { student: 'own' }),
    update: groups('none'),
    delete: groups('none', { student: 'own' }),
  },
  'webinar-records': {
    list: recordingReaders,
    get: recordingReaders,
    create: groups('none', {
      student: 'own',
      teacher: 'own-school',
      admin: 'own-school',
      manager: 'own-school',
    }),
    update: groups('none'),
    delete: groups('none'),
  },
  // AI reports (contexts/analysis): made by the analyzer only; the school's staff and proctors read them.
  'ai-reports': {
    list: groups('none', {
      admin: 'own-school',
      manager: 'own-school',
      teacher: 'own-school',
      proctor: 'own-school',
    }),
    get: groups('none', {
      admin: 'own-school',
      manager: 'own-school',
      teacher: 'own-school',
      proctor: 'own-school',
    }),
    create: groups('none'),
    update: groups('none'),
    delete: groups('none'),
  },
  // Saved console queries (contexts/analytics): the school's analysts, admins and managers read all of
  // the school's and save their own; only the author edits or deletes one.
  'analytics-queries': {
    list: groups('none', { analyst: 'own-school', admin: 'own-school', manager: 'own-school' }),
    get: groups('none', { analyst: 'own-school', admin: 'own-school', manager: 'own-school' }),
    create: groups('none', { analyst: 'own-school', admin: 'own-school', manager: 'own-school' }),
    update: groups('none', { analyst: 'own', admin: 'own', manager: 'own' }),
    delete: groups('none', { analyst: 'own', admin: 'own', manager: 'own' }),
  },
  // The media library: each person's own files and folders; a school's admins and managers see all.
  media: Object.fromEntries(
    ACTIONS.map((action) => [
      action,
      groups('none', {
        admin: 'own-school',
        manager: 'own-school',
        teacher: 'own',
        student: 'own',
        proctor: 'own',
      }),
    ]),
  ) as CollectionAccess,
};

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
