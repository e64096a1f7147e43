import {
  groups,
  schoolAuthors,
  sameForEveryAction,
  type AccessTable,
} from '../../platform/http/records/access';

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const classroomsRecordAccess: AccessTable = {
  // Classrooms (contexts/classrooms, docs/classrooms.md): a school's teachers, managers and admins manage
  // its rooms and their parts; students, proctors and analysts see none. Gate models are seeded.
  ...Object.fromEntries(
    ['classrooms', 'classroom-schedules', 'classroom-pcs', 'classroom-acs', 'classroom-persons'].map(
      (name) => [name, sameForEveryAction(schoolAuthors)],
    ),
  ),
  'acs-gates': {
    list: groups('none', { admin: 'all', manager: 'all', teacher: 'all' }),
    get: groups('none', { admin: 'all', manager: 'all', teacher: 'all' }),
    create: groups('none'),
    update: groups('none'),
    delete: groups('none'),
  },
};
