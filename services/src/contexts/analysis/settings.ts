import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';

/**
 * What the server's re-analysis reads from an assignment's proctoring settings (specification 000 §9),
 * and the server-only values it adds. Every number here is documented in docs/ai-analysis.md.
 */
export interface AnalysisSettings {
  /** Frames sampled per second of video (server-only: 2). */
  framesPerSecond: number;
  /** Identity is compared on every n-th sampled frame: head_compare.interval (4,000 ms) at that rate. */
  identityEveryFrames: number;
  /** Least cosine similarity to the identity photo still read as the same person. */
  identityMinSimilarity: number;
  /** A face counts when the detector scores it at least this (head_position.confidence, at least 0.65). */
  faceMinScore: number;
  /** Faces at which "many faces" starts: object_detection.categories.person.count. */
  manyFaces: number;
  /** Below this share of the frame's height a face is "too far": head_sensitivity.depth %. */
  minFaceShare: number;
  /** Degrees of yaw and pitch beyond which the head is turned: head_sensitivity.x and .y. */
  maxYaw: number;
  maxPitch: number;
  /** Speech: a 32 ms frame is speech at this probability (speech.positive_threshold)… */
  speechThreshold: number;
  /** …and a second is speech with at least this many such frames (speech.min_frames). */
  speechMinFrames: number;
  /** A second louder than this (dBFS) without speech is noise: −3 dB × noise_sensitivity. */
  noiseDbfs: number;
  /** Anomalies shorter than these (ms) are not violations (head_tolerance, speech_tolerance, noise_tolerance.time). */
  cameraToleranceMs: number;
  speechToleranceMs: number;
  noiseToleranceMs: number;
}

const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

type Loose = Partial<Record<keyof ProctoringSettings, unknown>>;
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

export function analysisSettings(settings: Loose | null | undefined): AnalysisSettings {
  const d = DEFAULT_PROCTORING_SETTINGS;
  const s = settings ?? {};
  const framesPerSecond = 2;
  const compareMs = num(field(s.head_compare, 'interval'), d.head_compare.interval);
  const person = field(field(s.object_detection, 'categories'), 'person');
  return {
    framesPerSecond,
    identityEveryFrames: Math.max(1, Math.round((compareMs / 1000) * framesPerSecond)),
    identityMinSimilarity: num(
      field(s.head_compare, 'euclidean_distance'),
      d.head_compare.euclidean_distance,
    ),
    faceMinScore: Math.max(0.65, num(field(s.head_position, 'confidence'), d.head_position.confidence)),
    manyFaces: Math.max(
      2,
      Math.round(num(field(person, 'count'), d.object_detection.categories.person.count)),
    ),
    minFaceShare: num(field(s.head_sensitivity, 'depth'), d.head_sensitivity.depth) / 100,
    maxYaw: num(field(s.head_sensitivity, 'x'), d.head_sensitivity.x),
    maxPitch: num(field(s.head_sensitivity, 'y'), d.head_sensitivity.y),
    speechThreshold: num(field(s.speech, 'positive_threshold'), d.speech.positive_threshold),
    speechMinFrames: Math.max(1, Math.round(num(field(s.speech, 'min_frames'), d.speech.min_frames))),
    noiseDbfs: -3 * num(s.noise_sensitivity, d.noise_sensitivity),
    cameraToleranceMs: num(s.head_tolerance, d.head_tolerance),
    speechToleranceMs: num(s.speech_tolerance, d.speech_tolerance),
    noiseToleranceMs: num(field(s.noise_tolerance, 'time'), d.noise_tolerance.time),
  };
}
