import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';

/**
 * What the exam client's camera detectors read from the assignment's proctoring settings (specification
 * 000 §9). Read the same way as the server's re-analysis (services/src/contexts/analysis/settings.ts),
 * so that the client and the AI report flag the same head, distance and identity.
 */
export interface CameraThresholds {
  /** A face counts when the detector scores it at least this: head_position.confidence, never below 0.65. */
  faceMinScore: number;
  /** Degrees of yaw (head_sensitivity.x, 50) and pitch (head_sensitivity.y, 40) beyond which the head is turned. */
  maxYaw: number;
  maxPitch: number;
  /** Below this share of the frame's height the face is too far: head_sensitivity.depth % (12 %). */
  minFaceShare: number;
  /** How often the head's pose is read: head_position.interval (1,200 ms). */
  poseEveryMs: number;
  /** How often the live face is compared with the identity photo: head_compare.interval (4,000 ms). */
  compareEveryMs: number;
  /**
   * Least cosine similarity still read as the student: head_compare.euclidean_distance (0.5), read as a
   * cosine as the server does. Measured on the test pictures: one person 0.97, two people −0.10 to 0.37.
   */
  minSimilarity: number;
  /** A condition must last this long before it is posted: head_tolerance (1,500 ms). */
  toleranceMs: number;
}

type Loose = Partial<Record<keyof ProctoringSettings, unknown>>;

const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

export function cameraThresholds(settings: Loose): CameraThresholds {
  const d = DEFAULT_PROCTORING_SETTINGS;
  const s = settings;
  const confidence = num(field(s.head_position, 'confidence'), d.head_position.confidence);
  return {
    faceMinScore: Math.min(0.99, Math.max(0.65, confidence)),
    maxYaw: num(field(s.head_sensitivity, 'x'), d.head_sensitivity.x),
    maxPitch: num(field(s.head_sensitivity, 'y'), d.head_sensitivity.y),
    minFaceShare: num(field(s.head_sensitivity, 'depth'), d.head_sensitivity.depth) / 100,
    // Never more often than the frames the worker looks at anyway.
    poseEveryMs: Math.max(500, num(field(s.head_position, 'interval'), d.head_position.interval)),
    compareEveryMs: Math.max(1_000, num(field(s.head_compare, 'interval'), d.head_compare.interval)),
    minSimilarity: Math.min(
      1,
      num(field(s.head_compare, 'euclidean_distance'), d.head_compare.euclidean_distance),
    ),
    toleranceMs: num(s.head_tolerance, d.head_tolerance),
  };
}
