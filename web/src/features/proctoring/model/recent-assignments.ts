import type { ProctoringAction } from './types';

export interface RecentAssignment {
  id: string;
  lastActivity: string;
  actions: number;
  students: number;
}

/** Assignments named by recent actions, the most recently active first (the proctor's fallback list). */
export function recentAssignments(actions: ProctoringAction[]): RecentAssignment[] {
  const byId = new Map<string, { lastActivity: string; actions: number; students: Set<string> }>();
  for (const action of actions) {
    const entry = byId.get(action.assignment_id) ?? { lastActivity: '', actions: 0, students: new Set() };
    entry.actions += 1;
    entry.students.add(action.student_id);
    if (action.created_at > entry.lastActivity) entry.lastActivity = action.created_at;
    byId.set(action.assignment_id, entry);
  }
  return [...byId.entries()]
    .map(([id, e]) => ({ id, lastActivity: e.lastActivity, actions: e.actions, students: e.students.size }))
    .sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
}
