import type { ProctoringSource, ReviewDecision } from './proctoring';

/**
 * The proctoring timeline as the API answers it (`GET /api/proctoring/attempts/{id}/timeline`,
 * docs/proctoring.md): built by services/src/contexts/proctoring/timeline/, drawn by
 * web/src/features/proctoring. Plain types, no runtime: the web app imports them without zod.
 */

/** Specification 000 §4: action durations are classed seconds (up to 60 s), minutes (up to 3600 s), hours. */
export type DurationClass = 'seconds' | 'minutes' | 'hours';

/** The latest review whose span overlaps an interval. */
export interface TimelineIntervalReview {
  decision: ReviewDecision;
  note: string | null;
  reviewer_id: string;
  reviewed_at: string;
}

/** One interval of one type: a condition reported by the client, merged point signals, or both joined. */
export interface TimelineInterval {
  /** Names the interval for a review: its type and its start. */
  key: string;
  type: string;
  kind: 'violation' | 'warning';
  start: string;
  end: string;
  /** Whole seconds from its start to its end: a condition's begin to its end, or the first signal to the last. */
  duration: number;
  duration_class: DurationClass;
  duration_text: string;
  signals: number;
  sources: ProctoringSource[];
  review: TimelineIntervalReview | null;
}

export interface Timeline {
  violations: TimelineInterval[];
  warnings: TimelineInterval[];
  /** Signals left out because their interval had fewer than the type's minimum (detector flicker). */
  dropped: number;
}

/** What one type of interval cost the credibility score. */
export interface CredibilityContribution {
  action_type: string;
  kind: 'violation' | 'warning';
  intervals: number;
  seconds: number;
  points: number;
}

export interface Credibility {
  score: number;
  contributions: CredibilityContribution[];
  /** The score if every unreviewed interval were confirmed (min) or dismissed (max). */
  range: { min: number; max: number };
  unreviewed: number;
}

/** The timeline of one attempt with its credibility score: the API's answer. */
export interface AttemptTimeline extends Timeline {
  assignment_attempt_id: string;
  assignment_id: string;
  student_id: string;
  credibility: Credibility;
}
