import type { RgbImage } from '@sabaq/models/node';
import type { DetectedInterval, FrameSignal } from './anomalies';
import type { AnalysisSettings } from './settings';

/**
 * Each comparison stands until the next one (at most head_compare.interval; comparisons come on the
 * interval's grid and where the scene changed, so their spans differ), or until a frame with no face
 * near enough to compare: the face it judged is gone.
 */
export function setIdentitySpans(frames: FrameSignal[], settings: AnalysisSettings): void {
  const longest = settings.identityEveryFrames / settings.framesPerSecond;
  const ends = (f: FrameSignal) =>
    f.identity !== null || !f.faces[0] || f.faces[0].share < settings.minFaceShare;
  frames.forEach((frame, i) => {
    if (frame.identity === null) return;
    let next = Number.POSITIVE_INFINITY;
    for (let j = i + 1; j < frames.length && frames[j]!.t - frame.t < longest; j++) {
      if (ends(frames[j]!)) {
        next = frames[j]!.t;
        break;
      }
    }
    frame.identitySpan = Math.min(longest, next - frame.t);
  });
}

/**
 * For each interval, the kept frame nearest its middle; sound intervals (speech, noise) show the
 * camera at that moment only if that frame was kept for another reason, so they may have none.
 */
export function thumbnailsOf(
  intervals: readonly DetectedInterval[],
  kept: Map<number, RgbImage>,
): Map<number, RgbImage> {
  const out = new Map<number, RgbImage>();
  const times = [...kept.keys()];
  intervals.forEach((interval, index) => {
    const middle = (interval.start + interval.end) / 2;
    let best: number | undefined;
    for (const t of times) {
      if (t < interval.start || t > interval.end) continue;
      if (best === undefined || Math.abs(t - middle) < Math.abs(best - middle)) best = t;
    }
    if (best !== undefined) out.set(index, kept.get(best)!);
  });
  return out;
}
