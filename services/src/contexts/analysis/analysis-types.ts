import type { RgbImage } from '@sabaq/models/node';
import type { DetectedInterval, FrameSignal } from './anomalies';
import type { RecordingInput } from './media-input';
import type { AnalysisSettings } from './settings';

// What analyzeRecording takes and gives back (analyze-recording.ts).

export interface AnalysisProgress {
  /** Seconds of the recording analysed so far (video and audio, whichever is behind). */
  analysedSeconds: number;
}

export interface AnalysisResult {
  intervals: DetectedInterval[];
  frames: number;
  audioSeconds: number;
  /** The models used, as "id@package-version", for the report. */
  models: string[];
  /** A small picture of each interval's middle (by the interval's index), when one was kept. */
  thumbnails: Map<number, RgbImage>;
  /**
   * Per model: wall milliseconds of its calls for voice-activity and objects (each called one at a
   * time), for eyes the milliseconds the iris worker computed, and for the face models (face-detect, head-pose, face-landmarks, face-embedding, several
   * frames in flight) the milliseconds their runs computed in the onnx workers, without waiting for one.
   */
  costs: Record<string, DetectorCost>;
  /** Frames the object detector ran on, and frames that took an unchanged scene's verdict instead. */
  objectLooks: { looked: number; carried: number };
  /**
   * The cascade, per detector: frames (seconds of sound for voice-activity) it ran on, of those it had
   * an answer for. face-detect of every frame (a dark one twice counts once; a frame whose picture is
   * unchanged since the last detection reuses its faces, face-reuse.ts); head-pose and eyes
   * of the frames that needed them (the rest reused an unchanged region's answer); face-embedding of all
   * frames; objects of its schedule's grid and bisection frames; voice-activity of the seconds heard.
   */
  cascade: Record<string, { looked: number; of: number }>;
  /** Whether identity was compared: no photo given, no face found on it, or compared. */
  identity: 'compared' | 'none' | 'no_face';
  /** What each sampled frame showed the detectors, in frame order (what the intervals were made of). */
  signals: FrameSignal[];
}

export interface AnalyzeOptions {
  input: RecordingInput;
  settings: AnalysisSettings;
  /** The student's identity photo (RGB); without it face_mismatch is not checked. */
  identityPhoto?: RgbImage | null;
  onProgress?: (progress: AnalysisProgress) => void | Promise<void>;
  /** Reading a stream input twice needs two streams: this gives the audio pass its own. */
  audioInput?: RecordingInput;
  /** false: no prohibited-objects detection (the bench's core figure); default true. */
  objects?: boolean;
  /** false: no eyes-away check (the iris model; the bench's core figure); default true. */
  eyes?: boolean;
  /** false: no speech check (its model is missing); loudness is still measured. Default true. */
  voice?: boolean;
  /** Frames analysed at once; by default two per core (at least 2, at most 8). */
  framesInFlight?: number;
  /**
   * Awaited before each model call on a frame (the model's name and the frame's index). For tests only:
   * the determinism test delays calls at random to shuffle the order in which concurrent work completes.
   */
  beforeModelCall?: (model: string, index: number) => Promise<void>;
}

/** Wall milliseconds spent in one model's calls, and how many calls. */
export interface DetectorCost {
  ms: number;
  runs: number;
}
