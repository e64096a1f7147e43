import { DURATION_CAP_SECONDS, TYPE_CAP, VIOLATION_WEIGHTS } from '../proctoring/timeline/credibility';
import { durationClass, durationText } from '../proctoring/timeline/duration';
import type { ServerViolation } from './anomalies';

/** One interval of an AI report, as stored (the thumbnail's URL is added when served). */
export interface ReportInterval {
  type: ServerViolation;
  start: number;
  end: number;
  confidence: number;
  peak: number;
  /** What was seen, in words (prohibited_objects: the object classes). */
  description?: string;
  thumb_key: string | null;
}

/**
 * Points a type costs per interval, as the proctoring timeline's credibility (docs/proctoring.md), with
 * the AI's confidence as the certainty: an unreviewed AI finding counts as much as the model is sure.
 * Speech is not in the client vocabulary; it weighs as a muted conversation would (4).
 */
const WEIGHTS: Record<ServerViolation, number> = {
  face_missing: VIOLATION_WEIGHTS.face_missing,
  many_faces: VIOLATION_WEIGHTS.many_faces,
  too_far: VIOLATION_WEIGHTS.too_far,
  head_turned: VIOLATION_WEIGHTS.head_turned,
  eye_away: VIOLATION_WEIGHTS.eye_away,
  face_mismatch: VIOLATION_WEIGHTS.face_mismatch,
  noise: VIOLATION_WEIGHTS.noise,
  prohibited_objects: VIOLATION_WEIGHTS.prohibited_objects,
  speech: 4,
};

export function intervalView(interval: ReportInterval) {
  const seconds = Math.max(0, interval.end - interval.start);
  return {
    ...interval,
    duration: Math.round(seconds * 1000) / 1000,
    duration_text: durationText(seconds),
    duration_class: durationClass(seconds),
  };
}

export interface TypeSummary {
  type: ServerViolation;
  count: number;
  total_seconds: number;
  total_text: string;
  strongest: number;
}

/** Per violation type: how many intervals, how long in all, the strongest confidence. */
export function summarize(intervals: readonly ReportInterval[]): TypeSummary[] {
  const byType = new Map<ServerViolation, TypeSummary>();
  for (const i of intervals) {
    const s = byType.get(i.type) ?? {
      type: i.type,
      count: 0,
      total_seconds: 0,
      total_text: '',
      strongest: 0,
    };
    s.count += 1;
    s.total_seconds = Math.round((s.total_seconds + (i.end - i.start)) * 1000) / 1000;
    s.strongest = Math.max(s.strongest, i.peak);
    byType.set(i.type, s);
  }
  return [...byType.values()]
    .map((s) => ({ ...s, total_text: durationText(s.total_seconds) }))
    .sort((a, b) => b.total_seconds - a.total_seconds || a.type.localeCompare(b.type));
}

export interface AiCredibility {
  score: number;
  contributions: { type: ServerViolation; intervals: number; seconds: number; points: number }[];
}

/** 100 less each type's points (capped at TYPE_CAP), never below 0. */
export function aiCredibility(intervals: readonly ReportInterval[]): AiCredibility {
  const byType = new Map<ServerViolation, { intervals: number; seconds: number; points: number }>();
  for (const i of intervals) {
    const seconds = Math.max(0, i.end - i.start);
    const points = WEIGHTS[i.type] * (1 + Math.min(seconds, DURATION_CAP_SECONDS) / 60) * i.confidence;
    const c = byType.get(i.type) ?? { intervals: 0, seconds: 0, points: 0 };
    c.intervals += 1;
    c.seconds += seconds;
    c.points += points;
    byType.set(i.type, c);
  }
  const contributions = [...byType.entries()]
    .map(([type, c]) => ({
      type,
      intervals: c.intervals,
      seconds: Math.round(c.seconds * 1000) / 1000,
      points: Math.round(Math.min(TYPE_CAP, c.points) * 10) / 10,
    }))
    .sort((a, b) => b.points - a.points || a.type.localeCompare(b.type));
  const lost = contributions.reduce((sum, c) => sum + c.points, 0);
  return { score: Math.max(0, Math.round(100 - lost)), contributions };
}

export interface ReportDiff {
  previous_run: number;
  added: ReportInterval[];
  removed: ReportInterval[];
  /** Intervals found by both runs (same type, overlapping) whose bounds or confidence moved. */
  changed: { type: ServerViolation; before: ReportInterval; after: ReportInterval }[];
  score_before: number;
  score_after: number;
}

const overlaps = (a: ReportInterval, b: ReportInterval) =>
  a.type === b.type && a.start < b.end && b.start < a.end;

/** What a new run found differently from the previous one. */
export function diffReports(
  previousRun: number,
  before: readonly ReportInterval[],
  after: readonly ReportInterval[],
): ReportDiff {
  const matched = new Set<ReportInterval>();
  const changed: ReportDiff['changed'] = [];
  const added: ReportInterval[] = [];
  for (const next of after) {
    const prev = before.find((b) => !matched.has(b) && overlaps(b, next));
    if (!prev) {
      added.push(next);
      continue;
    }
    matched.add(prev);
    const moved =
      Math.abs(prev.start - next.start) >= 0.5 ||
      Math.abs(prev.end - next.end) >= 0.5 ||
      Math.abs(prev.confidence - next.confidence) >= 0.05;
    if (moved) changed.push({ type: next.type, before: prev, after: next });
  }
  return {
    previous_run: previousRun,
    added,
    removed: before.filter((b) => !matched.has(b)),
    changed,
    score_before: aiCredibility(before).score,
    score_after: aiCredibility(after).score,
  };
}
