import { api } from '../../shared/api';
import type { School, User } from '../../shared/session';

export const SCHOOLS_QUERY_KEY = ['session', 'schools'] as const;

export const schoolsApi = {
  list: (signal?: AbortSignal) =>
    api.get<{ entities: School[] }>('/api/schools.json', { signal }).then((answer) => answer.entities),
  select: (schoolId: string) =>
    api.post<{ entity: User }>('/api/select-school.json', { school_id: schoolId }),
  /** Joins the school of an invite code (001 §7); the answer's shape is the school list or a message. */
  attach: (inviteCode: string) => api.post<unknown>('/api/attach-school.json', { invite_code: inviteCode }),
};
