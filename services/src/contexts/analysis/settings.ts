import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';
import type { ProhibitedObjectClass } from '@sabaq/models';
import type { ObjectLookMode } from './object-looks';

/**
 * The specification's object scores (0.4) were set for the exam client's detector; the server's
 * CenterNet scores the same objects lower (a phone held up to the camera 0.37–0.39, the phone on the
 * table of yolo.jpg 0.30, nothing above 0.1 on pictures without one), so the server scales them:
 * 0.4 → 0.25. Measured in models/src/object-detector.int.test.ts; documented in docs/ai-analysis.md.
 */
export const OBJECT_SCORE_SCALE = 0.625;

/**
 * The specification's eye-direction scores (face_landmarker.eye_direction: look_left and look_right
 * 0.4) are the exam client's MediaPipe blendshape scores; the server measures the irises' offset from
 * the middle of the eyes instead (models/src/eye-gaze.ts, −1..1 of half the corner distance), on which
 * looking at the camera stayed within 0.12 on every test picture and the looking-away segment of the
 * accuracy video reads 0.32: the threshold sits between them, 0.4 → 0.2 (docs/ai-analysis.md).
 */
export const EYE_SCORE_SCALE = 0.5;

/** Server-only: eyes whose corners are closer than this (frame pixels) are too small to read. */
export const EYE_MIN_WIDTH_PX = 5;

/**
 * Server-only: an iris offset beyond this is a failed reading, not a look away: −1 or 1 puts both irises'
 * centres on the eye corners, which no eye does (the looking-away picture reads 0.32; the Yale face of
 * the accuracy recordings, looking at the camera, read −1.0 and −0.8, its landmarks cut by the tight
 * crop).
 */
export const EYE_MAX_OFFSET = 0.75;

/** Server-only: an eye open less than this (lid gap over corner distance) is blinking or shut. */
export const EYE_MIN_OPENNESS = 0.12;

/** Specification 000 §9 category names of the prohibited COCO classes. */
const OBJECT_CATEGORIES = { phone: 'cell phone', laptop: 'laptop', remote: 'remote' } as const;

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
  /** Objects are looked for on every n-th sampled frame: object_detection.interval (2,000 ms) at that rate. */
  objectsEveryFrames: number;
  /**
   * Server-only: `adaptive` (default) skips looks where the scene has not changed since the last one and
   * bisects for an object's boundaries; `fixed` looks on every grid frame (object-looks.ts).
   */
  objectLooks: ObjectLookMode;
  /** Server-only: in an unchanged scene, look again after this many frames anyway (10 s). */
  objectsMaxStaleFrames: number;
  /**
   * Server-only: the object detector's square input, 384 (its graph exported for 512, rewritten,
   * tfjs-session.ts `centernetConstants`): 0.6 of the 512 input's cost, and on the accuracy recordings'
   * phones the same labels at scores 0.35–0.47 against 0.38–0.54 (320 named the phone "laptop" at 0.29).
   */
  objectInputSize: number;
  /**
   * Least detector score per prohibited class: object_detection.categories.{phone,laptop,remote}.score
   * (0.4) × OBJECT_SCORE_SCALE, as the server's detector scores lower than the client's.
   */
  objectMinScore: Record<ProhibitedObjectClass, number>;
  /** Faces at which "many faces" starts: object_detection.categories.person.count. */
  manyFaces: number;
  /** Below this share of the frame's height a face is "too far": head_sensitivity.depth %. */
  minFaceShare: number;
  /** Degrees of yaw and pitch beyond which the head is turned: head_sensitivity.x and .y. */
  maxYaw: number;
  maxPitch: number;
  /**
   * Iris offset (eye-gaze.ts, 0..1) beyond which the eyes look away, towards the picture's left (the
   * student looks to their right: face_landmarker.eye_direction.look_right) and its right (look_left),
   * each × EYE_SCORE_SCALE. Checked only on frames with exactly one face, not turned and not too far.
   */
  maxGazeLeft: number;
  maxGazeRight: number;
  /**
   * Server-only: the eyes are read on every n-th sampled frame (2: once a second). The iris model costs
   * about 10 ms of CPU a reading, more than face detection and pose together; a look away needs 1.5 s
   * to count anyway.
   */
  eyesEveryFrames: number;
  /**
   * Server-only, the cascade (docs/ai-analysis.md, "The cascade"): the head pose and the eyes reuse the
   * answer of the last frame they ran on while the region they read is unchanged (region-reuse.ts), but
   * run again at least this many frames after it (10 s).
   */
  reuseMaxAgeFrames: number;
  /**
   * Server-only, the cascade's face detection step (face-reuse.ts): a frame whose whole picture is
   * unchanged since the last detection takes its faces, but the detector runs again at least this many
   * frames after it (2 s, within the 1.5-s tolerance of a violation plus a frame), so a person coming
   * into a still scene is seen within 2 s even where the blocks would not show them. Negative: off.
   */
  faceReuseMaxAgeFrames: number;
  /**
   * Server-only: a second of sound quieter than this (dBFS) is not given to the voice model (a muted or
   * unplugged microphone, digital silence; a quiet room's hiss is about −70 to −50): it holds no speech,
   * and it is far below the noise threshold.
   */
  voiceGateDbfs: number;
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
  const categories = field(s.object_detection, 'categories');
  const person = field(categories, 'person');
  const eyeDirection = field(s.face_landmarker, 'eye_direction');
  const gaze = (key: 'look_left' | 'look_right') =>
    EYE_SCORE_SCALE * Math.min(1, num(field(eyeDirection, key), d.face_landmarker.eye_direction[key]));
  const objectsMs = num(field(s.object_detection, 'interval'), d.object_detection.interval);
  const objectMinScore = Object.fromEntries(
    Object.entries(OBJECT_CATEGORIES).map(([category, label]) => [
      label,
      OBJECT_SCORE_SCALE *
        Math.min(
          1,
          num(
            field(field(categories, category), 'score'),
            d.object_detection.categories[category as keyof typeof OBJECT_CATEGORIES].score,
          ),
        ),
    ]),
  ) as Record<ProhibitedObjectClass, number>;
  return {
    framesPerSecond,
    identityEveryFrames: Math.max(1, Math.round((compareMs / 1000) * framesPerSecond)),
    objectsEveryFrames: Math.max(1, Math.round((objectsMs / 1000) * framesPerSecond)),
    objectLooks: 'adaptive',
    objectsMaxStaleFrames: 10 * framesPerSecond,
    objectInputSize: 384,
    objectMinScore,
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
    maxGazeLeft: gaze('look_right'),
    maxGazeRight: gaze('look_left'),
    eyesEveryFrames: framesPerSecond,
    reuseMaxAgeFrames: 10 * framesPerSecond,
    faceReuseMaxAgeFrames: 2 * framesPerSecond,
    voiceGateDbfs: -60,
    speechThreshold: num(field(s.speech, 'positive_threshold'), d.speech.positive_threshold),
    speechMinFrames: Math.max(1, Math.round(num(field(s.speech, 'min_frames'), d.speech.min_frames))),
    noiseDbfs: -3 * num(s.noise_sensitivity, d.noise_sensitivity),
    cameraToleranceMs: num(s.head_tolerance, d.head_tolerance),
    speechToleranceMs: num(s.speech_tolerance, d.speech_tolerance),
    noiseToleranceMs: num(field(s.noise_tolerance, 'time'), d.noise_tolerance.time),
  };
}
