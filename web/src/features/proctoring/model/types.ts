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
}

export type DurationClass = 'seconds' | 'minutes' | 'hours';
export type ReviewDecision = 'confirmed' | 'dismissed';

export interface IntervalReview {
  decision: ReviewDecision;
  note: string | null;
  reviewer_id?: string;
  reviewed_at?: string;
}

/** A merged run of one type's signals (timeline/build-timeline.ts on the server). */
export interface TimelineInterval {
  key: string;
  type: string;
  kind: 'violation' | 'warning';
  start: string;
  end: string;
  duration: number;
  duration_class: DurationClass;
  duration_text: string;
  signals: number;
  sources: ProctoringSource[];
  review: IntervalReview | null;
}

export interface Contribution {
  action_type: string;
  kind: 'violation' | 'warning';
  intervals: number;
  seconds: number;
  points: number;
}

export interface Credibility {
  score: number;
  range: { min: number; max: number };
  unreviewed: number;
  contributions: Contribution[];
}

export interface Timeline {
  assignment_attempt_id: string;
  assignment_id: string;
  student_id: string;
  violations: TimelineInterval[];
  warnings: TimelineInterval[];
  dropped: number;
  credibility: Credibility;
}

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
}

/** What the grid needs of an attempt (the record API's attempt, or what the actions tell of one). */
export interface AttemptSummary {
  id: string;
  student_id: string;
  status: string | null;
  started_at: string | null;
}
