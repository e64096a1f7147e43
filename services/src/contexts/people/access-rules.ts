import { only, type RouteAccessTable } from '../../platform/http/route-access';
import {
  groups,
  schoolStaff,
  type AccessTable,
  type CollectionAccess,
  type Rule,
} from '../../platform/http/records/access';
import type { Group } from '../../platform/http/caller';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const peopleRouteAccess: RouteAccessTable = {
  'GET /api/student.json': only('student'),
  'GET /api/teacher.json': only('teacher'),
};

/** Students, teachers, proctors: managed by the school's staff, created only through their group. */
const peopleOfGroup = (readers: Partial<Record<Group, Rule>> = {}): CollectionAccess => ({
  list: { ...schoolStaff, ...readers },
  get: { ...schoolStaff, ...readers },
  create: schoolStaff,
  update: schoolStaff,
  delete: schoolStaff,
});

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const peopleRecordAccess: AccessTable = {
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
};
