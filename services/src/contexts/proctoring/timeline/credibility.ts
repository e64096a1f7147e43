import type {
  Credibility,
  CredibilityContribution,
  ProctoringViolation,
  ProctoringWarning,
  Timeline,
  TimelineInterval,
} from '@sabaq/events';

/**
 * The credibility score, 0–100 (docs/proctoring.md): 100 less what each interval costs.
 *
 *   violation interval: weight × (1 + min(duration, 600 s) / 60 s) × certainty
 *   warning interval:   weight × certainty
 *   certainty: confirmed 1, not reviewed 0.5, dismissed 0
 *
 * Each type costs at most 40 points, so one noisy detector cannot sink an attempt on its own; the score
 * is rounded and never below 0. Weights say how strongly a type suggests help from outside: someone
 * else at the camera weighs most, a head turned least.
 */
export const VIOLATION_WEIGHTS: Record<ProctoringViolation, number> = {
  face_mismatch: 15,
  many_faces: 10,
  prohibited_objects: 10,
  earphone: 8,
  face_missing: 6,
  focus_lost: 5,
  head_turned: 3,
  eye_away: 3,
  too_far: 2,
  noise: 2,
  microphone_silent: 2,
};
export const WARNING_WEIGHTS: Record<ProctoringWarning, number> = {
  second_monitor: 8,
  remote_session: 8,
  virtual_machine: 6,
  // Without the agent nothing watches processes, devices or displays: weighed like what it would find.
  device_agent_lost: 6,
  prohibited_process: 6,
  forbidden_usb_device: 5,
  fullscreen_lost: 3,
  external_camera_closed: 3,
  no_camera_access: 3,
  no_screen_access: 3,
  no_microphone_access: 2,
  internet_lost: 1,
  video_server_lost: 1,
  bad_screen_resolution: 1,
};
export const TYPE_CAP = 40;
export const DURATION_CAP_SECONDS = 600;
export const CERTAINTY = { confirmed: 1, unreviewed: 0.5, dismissed: 0 } as const;
/** At or above this an attempt counts as credible; below it is flagged (the review queue's outcome). */
export const CREDIBLE_FROM = 60;

/** The answer's shapes are the contract's (events/src/contexts/proctoring-timeline.ts). */
export type Contribution = CredibilityContribution;
export type { Credibility };

const weightOf = (interval: TimelineInterval) =>
  interval.kind === 'violation'
    ? (VIOLATION_WEIGHTS[interval.type as ProctoringViolation] ?? 0)
    : (WARNING_WEIGHTS[interval.type as ProctoringWarning] ?? 0);

function cost(interval: TimelineInterval, unreviewed: number): number {
  const certainty = interval.review ? CERTAINTY[interval.review.decision] : unreviewed;
  const base = weightOf(interval) * certainty;
  if (interval.kind === 'warning') return base;
  return base * (1 + Math.min(interval.duration, DURATION_CAP_SECONDS) / 60);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function score(intervals: readonly TimelineInterval[], unreviewed: number): [number, Contribution[]] {
  const byType = new Map<string, Contribution>();
  for (const interval of intervals) {
    const entry = byType.get(interval.type) ?? {
      action_type: interval.type,
      kind: interval.kind,
      intervals: 0,
      seconds: 0,
      points: 0,
    };
    entry.intervals += 1;
    entry.seconds += interval.duration;
    entry.points += cost(interval, unreviewed);
    byType.set(interval.type, entry);
  }
  const contributions = [...byType.values()]
    .map((c) => ({ ...c, points: round1(Math.min(TYPE_CAP, c.points)) }))
    .sort((a, b) => b.points - a.points || a.action_type.localeCompare(b.action_type));
  const total = contributions.reduce((sum, c) => sum + c.points, 0);
  return [Math.max(0, Math.round(100 - total)), contributions];
}

export function credibility(timeline: Timeline): Credibility {
  const intervals = [...timeline.violations, ...timeline.warnings];
  const [value, contributions] = score(intervals, CERTAINTY.unreviewed);
  return {
    score: value,
    contributions,
    range: { min: score(intervals, 1)[0], max: score(intervals, 0)[0] },
    unreviewed: intervals.filter((i) => i.review === null).length,
  };
}
