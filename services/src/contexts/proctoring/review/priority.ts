import { CREDIBLE_FROM, type Credibility } from '../timeline/credibility';

export interface QueueCandidate {
  attemptId: string;
  credibility: Credibility;
  /** The attempt's points and the most the assignment gives: a high mark under doubt matters most. */
  points: number;
  maxPoints: number;
}

export interface QueuePriority {
  priority: number;
  /** Whether reviewing could move the attempt across the credible / flagged line. */
  decisive: boolean;
  stakes: number;
}

/**
 * How much a review would change the outcome (docs/proctoring.md):
 *
 *   priority = (max − min) × (2 when min < 60 ≤ max, else 1) × (0.5 + 0.5 × stakes)
 *
 * max − min is how far the score can still move when the unreviewed intervals are confirmed or
 * dismissed (0 once all are reviewed); a spread across the credibility line means the review decides
 * the outcome; stakes is the attempt's share of the assignment's points (1 when the assignment has no
 * points), so doubt over a top mark comes first. Peers sort by score alone, which puts attempts that
 * are surely bad (nothing left to decide) ahead of borderline ones.
 */
export function reviewPriority(candidate: QueueCandidate): QueuePriority {
  const { min, max } = candidate.credibility.range;
  const spread = max - min;
  const decisive = min < CREDIBLE_FROM && max >= CREDIBLE_FROM;
  const stakes =
    candidate.maxPoints > 0 ? Math.min(1, Math.max(0, candidate.points / candidate.maxPoints)) : 1;
  const priority = spread * (decisive ? 2 : 1) * (0.5 + 0.5 * stakes);
  return { priority: Math.round(priority * 100) / 100, decisive, stakes: Math.round(stakes * 100) / 100 };
}

/** Highest priority first; then the less credible; then by attempt id, so the order is stable. */
export function orderQueue<T extends QueueCandidate>(candidates: readonly T[]): (T & QueuePriority)[] {
  return candidates
    .map((c) => ({ ...c, ...reviewPriority(c) }))
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        a.credibility.score - b.credibility.score ||
        a.attemptId.localeCompare(b.attemptId),
    );
}
