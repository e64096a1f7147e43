import type { ProctoringAction as ActionContract } from '@sabaq/events';

/**
 * One proctoring action as `GET /api/assignment/actions` answers it and `ActionRecorded` pushes it: the
 * shared contract's (events/src/contracts/proctoring-actions.ts), type-only. The API answers a stored
 * time no date can hold, or a student an old broken event lacked, as null; such an action has no place
 * on a student's timeline, so the loaders drop it (`withTime`) and the models may rely on both.
 */
export type ProctoringAction = Omit<ActionContract, 'created_at' | 'student_id'> & {
  created_at: string;
  student_id: string;
};

/** The actions that have a time and a student (see ProctoringAction). */
export const withTime = (actions: readonly ActionContract[]): ProctoringAction[] =>
  actions.filter(
    (action): action is ProctoringAction => action.created_at !== null && action.student_id !== null,
  );

/**
 * The timeline's answer is the contract's (events/src/contexts/proctoring-timeline.ts), the same types
 * the server builds it with: type-only imports, so no runtime of the contract reaches the bundle.
 */
export type {
  AttemptTimeline as Timeline,
  Credibility,
  CredibilityContribution as Contribution,
  DurationClass,
  ReviewDecision,
  TimelineInterval,
  TimelineIntervalReview as IntervalReview,
} from '@sabaq/events';

export interface QueueEntry {
  assignment_attempt_id: string;
  student_id: string;
  status: string;
  score: number;
  range: { min: number; max: number };
  unreviewed: number;
  points: number;
  priority: number;
  decisive: boolean;
  stakes: number;
  /** Per type, the timeline's intervals (docs/proctoring.md "The credibility score"). */
  contributions?: { action_type: string; kind: 'violation' | 'warning'; intervals: number }[];
}

/** What the grid needs of an attempt (the record API's attempt, or what the actions tell of one). */
export interface AttemptSummary {
  id: string;
  student_id: string;
  status: string | null;
  started_at: string | null;
}

/** One row of `GET /api/proctoring/roster`: a student's attempt and its one state, or not started. */
export interface RosterEntry {
  student_id: string;
  assignment_attempt_id: string | null;
  number: number | null;
  state: 'not_started' | 'active' | 'suspended' | 'stopped' | 'finished';
  started_at: string | null;
  finished_at: string | null;
}
