/** Query keys of the proctoring screens; mutations and live pushes invalidate through these. */
export const proctoringKeys = {
  all: ['proctoring'] as const,
  assignments: (page: number) => ['proctoring', 'assignments', page] as const,
  assignment: (id: string) => ['proctoring', 'assignment', id] as const,
  roster: (id: string) => ['proctoring', 'roster', id] as const,
  students: (id: string) => ['proctoring', 'students', id] as const,
  names: (ids: string[]) => ['proctoring', 'names', ids] as const,
  recent: (id: string) => ['proctoring', 'recent', id] as const,
  queue: (id: string) => ['proctoring', 'queue', id] as const,
  timeline: (attempt: string) => ['proctoring', 'timeline', attempt] as const,
  attemptActions: (attempt: string) => ['proctoring', 'actions', attempt] as const,
  recordings: (attempt: string) => ['proctoring', 'recordings', attempt] as const,
};
