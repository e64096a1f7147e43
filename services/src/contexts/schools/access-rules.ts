import { groups, type AccessTable } from '../../platform/http/records/access';

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const schoolsRecordAccess: AccessTable = {
  // Schools (contexts/schools): the admin curates every school; a manager reads their own (a school's
  // school_id is itself). Schools are never deleted: people and records hang off them.
  schools: {
    list: groups('none', { admin: 'all', manager: 'own-school' }),
    get: groups('none', { admin: 'all', manager: 'own-school' }),
    create: groups('none', { admin: 'all' }),
    update: groups('none', { admin: 'all' }),
    delete: groups('none'),
  },
};
