import { SERVER_VIOLATION_TYPES } from '@sabaq/events';
import { EYE_MAX_OFFSET, EYE_MIN_OPENNESS, EYE_MIN_WIDTH_PX, type AnalysisSettings } from './settings';

/** What the detectors saw in one sampled frame, at `t` seconds into the recording. */
export interface FrameSignal {
  t: number;
  /** Faces scored at least faceMinScore, best first. */
  faces: { score: number; share: number }[];
  /** The best candidate's score even when below the threshold (0 when none): how sure "no face" is. */
  bestScore: number;
  /** Pose of the main face, when there is one. */
  pose: { yaw: number; pitch: number } | null;
  /**
   * Where the eyes look (models/src/eye-gaze.ts), read on every eyesEveryFrames-th frame and only when
   * exactly one face is found, its head not turned and not too far; absent or null otherwise.
   */
  eyes?: { horizontal: number; openness: number; width: number } | null;
  /** Similarity of the main face to the identity photo, on frames where it was compared. */
  identity: number | null;
  /** Seconds the comparison stands for (until the next one); absent: one head_compare.interval. */
  identitySpan?: number;
  /**
   * Prohibited objects scored at least their class's threshold, best first, on frames where objects
   * were looked for (every objectsEveryFrames-th); null on the others.
   */
  objects?: { label: string; score: number; minScore: number }[] | null;
  /**
   * Seconds the objects verdict stands for (object-looks.ts verdictSpans); absent: one
   * object_detection.interval, as when every look was on the fixed grid.
   */
  objectsSpan?: number;
}

/** What was heard in one second of audio starting at `t`. */
export interface AudioSignal {
  t: number;
  /** Speech probability of each 32 ms frame in the second. */
  speech: number[];
  loudnessDbfs: number;
}

/** The vocabulary lives with the events (events/src/contexts/analysis.ts). */
export const SERVER_VIOLATIONS = SERVER_VIOLATION_TYPES;
export type ServerViolation = (typeof SERVER_VIOLATIONS)[number];

/** One anomalous sample: its time, how long it stands for, and the detector's confidence in it. */
export interface AnomalySample {
  t: number;
  span: number;
  confidence: number;
  /** What was seen (prohibited_objects: the object classes), for the interval's description. */
  labels?: string[];
}

export interface DetectedInterval {
  type: ServerViolation;
  /** Seconds on the recording. */
  start: number;
  end: number;
  /** Mean confidence of its samples, 0..1. */
  confidence: number;
  /** Strongest single sample. */
  peak: number;
  samples: number;
  /** prohibited_objects: the classes seen, most often seen first (e.g. "cell phone, laptop"). */
  description?: string;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Each frame's and second's anomalies by type, with confidences. */
export function anomaliesOf(
  frames: readonly FrameSignal[],
  audio: readonly AudioSignal[],
  settings: AnalysisSettings,
): Map<ServerViolation, AnomalySample[]> {
  const out = new Map<ServerViolation, AnomalySample[]>(SERVER_VIOLATIONS.map((t) => [t, []]));
  const add = (type: ServerViolation, t: number, span: number, confidence: number, labels?: string[]) =>
    out.get(type)!.push({ t, span, confidence: clamp(confidence), ...(labels ? { labels } : {}) });
  const frameSpan = 1 / settings.framesPerSecond;
  for (const frame of frames) {
    const best = frame.objects?.[0];
    if (best) {
      // An object frame stands for the frames until the next look. Scores this model gives are low
      // (a clear phone 0.3–0.4), so confidence is how far above its threshold: 0.5 at the threshold.
      const labels = [...new Set(frame.objects!.map((o) => o.label))];
      const confidence = 0.5 + (0.5 * (best.score - best.minScore)) / (1 - best.minScore);
      add(
        'prohibited_objects',
        frame.t,
        frame.objectsSpan ?? frameSpan * settings.objectsEveryFrames,
        confidence,
        labels,
      );
    }
    const main = frame.faces[0];
    if (!main) {
      add('face_missing', frame.t, frameSpan, 1 - frame.bestScore);
      continue;
    }
    if (frame.faces.length >= settings.manyFaces) {
      add('many_faces', frame.t, frameSpan, frame.faces[settings.manyFaces - 1]!.score);
    }
    if (main.share < settings.minFaceShare) {
      add('too_far', frame.t, frameSpan, main.score * (1 - main.share / settings.minFaceShare / 2));
    }
    let turned = false;
    if (frame.pose) {
      const yaw = Math.abs(frame.pose.yaw) / settings.maxYaw;
      const pitch = Math.abs(frame.pose.pitch) / settings.maxPitch;
      turned = yaw > 1 || pitch > 1;
      if (turned)
        add('head_turned', frame.t, frameSpan, main.score * Math.min(1, Math.max(yaw, pitch) - 0.5));
    }
    const eyes = frame.eyes;
    // A turned head is head_turned already, and with other faces or a distant one the eyes are not read.
    if (
      eyes &&
      !turned &&
      frame.faces.length === 1 &&
      main.share >= settings.minFaceShare &&
      eyes.width >= EYE_MIN_WIDTH_PX &&
      eyes.openness >= EYE_MIN_OPENNESS &&
      Math.abs(eyes.horizontal) <= EYE_MAX_OFFSET
    ) {
      const away =
        Math.abs(eyes.horizontal) / (eyes.horizontal < 0 ? settings.maxGazeLeft : settings.maxGazeRight);
      // A reading stands for the frames until the next one.
      if (away > 1)
        add('eye_away', frame.t, frameSpan * settings.eyesEveryFrames, main.score * Math.min(1, away - 0.5));
    }
    // A face too small to tell (too_far) is not judged: the embedding of a few pixels matches no one.
    if (
      frame.identity !== null &&
      main.share >= settings.minFaceShare &&
      frame.identity < settings.identityMinSimilarity
    ) {
      // An identity frame stands for the frames until the next comparison.
      add(
        'face_mismatch',
        frame.t,
        frame.identitySpan ?? frameSpan * settings.identityEveryFrames,
        1 - frame.identity,
      );
    }
  }
  for (const [second, verdict] of hearing(audio, settings)) {
    if (verdict.speech !== null) add('speech', second.t, 1, verdict.speech);
    else if (verdict.noise) add('noise', second.t, 1, 0.5 + (second.loudnessDbfs - settings.noiseDbfs) / 20);
  }
  return out;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Each second's verdict, with hysteresis as Silero's own wrapper has (a lower threshold to go on than
 * to start): a second is sure speech with speechMinFrames frames at speechThreshold; a second with as
 * many frames at SPEECH_LIKELY only (speech starting, or speaking over noise) is speech when it joins a
 * sure second without a gap, so the interval starts where the voice does; a loud second is noise only
 * when nothing in it sounds like speech, so speech the model is unsure of is never called noise.
 */
function hearing(
  audio: readonly AudioSignal[],
  settings: AnalysisSettings,
): [AudioSignal, { speech: number | null; noise: boolean }][] {
  const seconds = [...audio].sort((a, b) => a.t - b.t);
  const likelyAt = Math.min(SPEECH_LIKELY, settings.speechThreshold);
  const sure = seconds.map((s) => s.speech.filter((p) => p >= settings.speechThreshold));
  const likely = seconds.map((s) => s.speech.filter((p) => p >= likelyAt));
  const isLikely = seconds.map((_, i) => likely[i]!.length >= settings.speechMinFrames);
  const isSure = seconds.map((_, i) => sure[i]!.length >= settings.speechMinFrames);
  const speech = [...isSure];
  // Likely seconds next to a sure one (and next to those, on either side) are speech too.
  for (let i = 1; i < seconds.length; i++) {
    if (!speech[i] && isLikely[i] && speech[i - 1] && seconds[i]!.t - seconds[i - 1]!.t <= 1)
      speech[i] = true;
  }
  for (let i = seconds.length - 2; i >= 0; i--) {
    if (!speech[i] && isLikely[i] && speech[i + 1] && seconds[i + 1]!.t - seconds[i]!.t <= 1)
      speech[i] = true;
  }
  return seconds.map((second, i) => [
    second,
    {
      speech: speech[i] ? mean(isSure[i] ? sure[i]! : likely[i]!) : null,
      noise: !isLikely[i] && second.loudnessDbfs > settings.noiseDbfs,
    },
  ]);
}

/**
 * Server-only: a 32-ms frame at this probability sounds like speech (Silero's own wrapper ends speech
 * 0.15 below its start threshold; with the model's context restored, speech frames read 0.9 and more
 * while noise, music-like tones and silence stay under 0.1, so 0.5 is far from both).
 */
export const SPEECH_LIKELY = 0.5;

function toleranceOf(type: ServerViolation, settings: AnalysisSettings): number {
  if (type === 'speech') return settings.speechToleranceMs / 1000;
  if (type === 'noise') return settings.noiseToleranceMs / 1000;
  return settings.cameraToleranceMs / 1000;
}

/**
 * Sustained anomalies as intervals: samples whose spans touch (or leave a gap shorter than the type's
 * tolerance) join; an interval shorter than the tolerance, or made of a single sample, is a flicker and
 * is not a violation. So one bad frame never raises a flag.
 */
export function sustainedIntervals(
  anomalies: Map<ServerViolation, AnomalySample[]>,
  settings: AnalysisSettings,
): DetectedInterval[] {
  const intervals: DetectedInterval[] = [];
  for (const [type, samples] of anomalies) {
    const tolerance = toleranceOf(type, settings);
    type Open = {
      start: number;
      end: number;
      sum: number;
      peak: number;
      n: number;
      labels: Map<string, number>;
    };
    let open: Open | null = null;
    const close = () => {
      if (open && open.n >= 2 && open.end - open.start >= tolerance) {
        const labels = [...open.labels].sort((a, b) => b[1] - a[1]).map(([label]) => label);
        intervals.push({
          type,
          start: round(open.start),
          end: round(open.end),
          confidence: round(open.sum / open.n),
          peak: round(open.peak),
          samples: open.n,
          ...(labels.length ? { description: labels.join(', ') } : {}),
        });
      }
      open = null;
    };
    const count = (into: Open, sample: AnomalySample) => {
      for (const label of sample.labels ?? []) into.labels.set(label, (into.labels.get(label) ?? 0) + 1);
    };
    for (const sample of [...samples].sort((a, b) => a.t - b.t)) {
      if (open && sample.t - open.end <= tolerance) {
        open.end = Math.max(open.end, sample.t + sample.span);
        open.sum += sample.confidence;
        open.peak = Math.max(open.peak, sample.confidence);
        open.n += 1;
        count(open, sample);
      } else {
        close();
        open = {
          start: sample.t,
          end: sample.t + sample.span,
          sum: sample.confidence,
          peak: sample.confidence,
          n: 1,
          labels: new Map(),
        };
        count(open, sample);
      }
    }
    close();
  }
  return intervals.sort((a, b) => a.start - b.start || a.type.localeCompare(b.type));
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
