import type { ProctoringSource } from './vocabulary';

/** One proctoring action as `GET /api/assignment/actions` answers it (docs/proctoring.md). */
export interface ProctoringAction {
  id: string;
  assignment_id: string;
  assignment_attempt_id: string;
  student_id: string;
  initiator_id?: string | null;
  action_type: string;
  is_warning: boolean;
  description: string | null;
  source: ProctoringSource;
  created_at: string;
  /** Whole seconds since the student's previous action in the assignment; null for the first. */
  diff?: number | null;
  /**
   * A lasting condition (docs/proctoring.md, "Conditions") is one row: its id, when it ended (null until
   * its end arrived) and its seconds so far; its heartbeats are not rows. Null for other actions.
   */
  condition_id?: string | null;
  ended_at?: string | null;
  duration?: number | null;
  /** A pushed phase's place in its condition (begin, heartbeat, end); the list answers none. */
  condition_phase?: string | null;
}

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
