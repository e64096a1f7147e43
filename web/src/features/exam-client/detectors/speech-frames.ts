import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';
import type { ClientSignal } from '../checks/client-checks';
import { Condition, toleranceOf, type ConditionReport } from '../checks/condition';

/** Silero VAD v5 reads 512 samples of 16 kHz mono at a time (32 ms); models/src/voice-activity.ts. */
export const SPEECH_RATE = 16_000;
export const SPEECH_FRAME = 512;
/** The window a frame count is judged over: 31 frames of 32 ms, about a second (as the server does). */
export const SPEECH_WINDOW_FRAMES = 31;

/**
 * The microphone's samples (the AudioContext's rate, usually 48 kHz) brought to 16 kHz: each output
 * sample is the mean of the input samples it covers (a box filter, enough against aliasing for a voice
 * detector), carried across blocks so frames join seamlessly.
 */
export class To16k {
  private readonly ratio: number;
  private carry = new Float32Array(0);
  private position = 0;

  constructor(inputRate: number) {
    if (!(inputRate >= SPEECH_RATE)) throw new Error(`cannot bring ${inputRate} Hz up to ${SPEECH_RATE} Hz`);
    this.ratio = inputRate / SPEECH_RATE;
  }

  push(input: Float32Array): Float32Array {
    const data = new Float32Array(this.carry.length + input.length);
    data.set(this.carry);
    data.set(input, this.carry.length);
    const out: number[] = [];
    let at = this.position;
    while (at + this.ratio <= data.length) {
      const from = Math.floor(at);
      const to = Math.max(from + 1, Math.floor(at + this.ratio));
      let sum = 0;
      for (let i = from; i < to; i++) sum += data[i]!;
      out.push(sum / (to - from));
      at += this.ratio;
    }
    const kept = Math.floor(at);
    this.carry = data.slice(kept);
    this.position = at - kept;
    return Float32Array.from(out);
  }
}

/** Cuts a stream of samples into whole frames of `size`. */
export class Framer {
  private pending = new Float32Array(0);

  constructor(private readonly size = SPEECH_FRAME) {}

  push(samples: Float32Array): Float32Array[] {
    const data = new Float32Array(this.pending.length + samples.length);
    data.set(this.pending);
    data.set(samples, this.pending.length);
    const frames: Float32Array[] = [];
    let at = 0;
    for (; at + this.size <= data.length; at += this.size) frames.push(data.slice(at, at + this.size));
    this.pending = data.slice(at);
    return frames;
  }
}

export interface SpeechRule {
  /** A frame is speech at this probability: speech.positive_threshold (0.9). */
  threshold: number;
  /** The window is speech with at least this many such frames: speech.min_frames (5). */
  minFrames: number;
  /** Speech must last this long before it is posted: speech_tolerance (1,500 ms). */
  toleranceMs: number;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

export function speechRule(settings: Partial<Record<keyof ProctoringSettings, unknown>>): SpeechRule {
  const d = DEFAULT_PROCTORING_SETTINGS.speech;
  const threshold = field(settings.speech, 'positive_threshold');
  const minFrames = field(settings.speech, 'min_frames');
  return {
    threshold:
      typeof threshold === 'number' && threshold > 0 && threshold < 1 ? threshold : d.positive_threshold,
    minFrames:
      typeof minFrames === 'number' && minFrames >= 1
        ? Math.min(SPEECH_WINDOW_FRAMES, Math.round(minFrames))
        : d.min_frames,
    toleranceMs: toleranceOf(settings.speech_tolerance),
  };
}

/**
 * The last second of frame probabilities: speaking while at least `minFrames` of them reach the
 * threshold (a cough or a click is one or two frames; a spoken word is several).
 */
export class SpeechWindow {
  private readonly recent: number[] = [];

  constructor(
    private readonly rule: Pick<SpeechRule, 'threshold' | 'minFrames'>,
    private readonly size = SPEECH_WINDOW_FRAMES,
  ) {}

  push(probability: number): void {
    this.recent.push(probability);
    if (this.recent.length > this.size) this.recent.shift();
  }

  get speaking(): boolean {
    return this.recent.filter((p) => p >= this.rule.threshold).length >= this.rule.minFrames;
  }

  get peak(): number {
    return this.recent.length ? Math.max(...this.recent) : 0;
  }
}

/**
 * Speech heard for the tolerance is posted as a condition (begin, heartbeats, end: condition.ts). The
 * specification's action vocabulary (001 §9) has no speech violation, so it goes as `noise` with "speech"
 * and the peak probability in its description; the student is told "talking" rather than "noise".
 */
export class SpeechVerdict {
  private readonly speech: Condition;
  private peak = 0;

  constructor(toleranceMs: number, newId?: () => string) {
    this.speech = new Condition(toleranceMs, newId);
  }

  update(speaking: boolean, peak: number, at: number): ClientSignal[] {
    if (speaking) this.peak = Math.max(this.peak, peak);
    return this.signals(this.speech.update(speaking, at));
  }

  /** Ends the speech still going on (the exam is over). */
  close(now: number): ClientSignal[] {
    return this.signals(this.speech.close(now));
  }

  private signals(reports: ConditionReport[]): ClientSignal[] {
    const out = reports.map((condition) => ({
      action_type: 'noise',
      description: `speech, probability ${this.peak.toFixed(2)}`,
      warning: 'speech',
      condition,
    }));
    if (reports.some((r) => r.phase === 'end')) this.peak = 0;
    return out;
  }
}
