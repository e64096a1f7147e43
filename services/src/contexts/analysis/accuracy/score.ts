import { SERVER_VIOLATION_TYPES } from '@sabaq/events';
import type { DetectedInterval, ServerViolation } from '../anomalies';
import type { TimedSegment } from '../test-video';

/**
 * Precision and recall of each detector on one recording, over time: the seconds a detector reported
 * against the seconds its ground truth holds, measured in steps of 0.1 s. A boundary within COLLAR_S
 * of the truth's costs nothing (the analysis samples frames every 0.5 s and hears whole seconds, and a
 * violation needs 1.5 s to count, so a second either side is the sampling's, not the detector's, error);
 * one further off costs its seconds: speech heard 5 s late loses 4 of its 6 s of recall.
 *
 * - precision: of the seconds reported, the share within the collar of the truth (null: nothing
 *   reported, nothing to be wrong about);
 * - recall: of the truth's seconds, the share within the collar of something reported (null: the
 *   recording has no such truth).
 */
export const COLLAR_S = 1;
const STEP = 0.1;

export interface DetectorScore {
  type: ServerViolation;
  truthSeconds: number;
  reportedSeconds: number;
  /** Reported seconds within the collar of the truth. */
  rightSeconds: number;
  /** Truth seconds within the collar of a report. */
  foundSeconds: number;
  precision: number | null;
  recall: number | null;
}

type Span = { start: number; end: number };

const near = (spans: readonly Span[], t: number, collar: number) =>
  spans.some((s) => t >= s.start - collar && t < s.end + collar);

export function scoreDetectors(
  segments: readonly TimedSegment[],
  intervals: readonly DetectedInterval[],
): DetectorScore[] {
  const duration = Math.max(0, ...segments.map((s) => s.end));
  const steps = Math.round(duration / STEP);
  return SERVER_VIOLATION_TYPES.map((type) => {
    const truth = segments.filter((s) => s.expect.includes(type)).map((s) => s.truth?.[type] ?? s);
    const reported = intervals.filter((i) => i.type === type);
    const counts = { truth: 0, reported: 0, right: 0, found: 0 };
    for (let k = 0; k < steps; k++) {
      const t = (k + 0.5) * STEP;
      const isTruth = near(truth, t, 0);
      const isReported = near(reported, t, 0);
      if (isTruth) {
        counts.truth += 1;
        if (near(reported, t, COLLAR_S)) counts.found += 1;
      }
      if (isReported) {
        counts.reported += 1;
        if (near(truth, t, COLLAR_S)) counts.right += 1;
      }
    }
    const seconds = (n: number) => Math.round(n * STEP * 10) / 10;
    return {
      type,
      truthSeconds: seconds(counts.truth),
      reportedSeconds: seconds(counts.reported),
      rightSeconds: seconds(counts.right),
      foundSeconds: seconds(counts.found),
      precision: counts.reported === 0 ? null : round(counts.right / counts.reported),
      recall: counts.truth === 0 ? null : round(counts.found / counts.truth),
    };
  });
}

/** Scores of several recordings pooled per detector: the sums of their seconds. */
export function pooledScores(all: readonly DetectorScore[][]): DetectorScore[] {
  return SERVER_VIOLATION_TYPES.map((type) => {
    const mine = all.flat().filter((s) => s.type === type);
    const sum = (key: 'truthSeconds' | 'reportedSeconds' | 'rightSeconds' | 'foundSeconds') =>
      Math.round(mine.reduce((a, s) => a + s[key], 0) * 10) / 10;
    const [truth, reported, right, found] = [
      sum('truthSeconds'),
      sum('reportedSeconds'),
      sum('rightSeconds'),
      sum('foundSeconds'),
    ];
    return {
      type,
      truthSeconds: truth,
      reportedSeconds: reported,
      rightSeconds: right,
      foundSeconds: found,
      precision: reported === 0 ? null : round(right / reported),
      recall: truth === 0 ? null : round(found / truth),
    };
  });
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
