import { DEFAULT_PROCTORING_SETTINGS, type ProctoringSettings } from '@sabaq/events';

/**
 * How the proctoring settings of specification 000 §9 merge signals, per action type. Tolerances are in
 * milliseconds: specification 001 §9 says proctoring parameters (intervals, sensitivities, tolerances,
 * timeouts) are configured in ms, so 000's "1500 s" is read as 1,500 ms (1,500 s would fold a whole
 * exam into one interval).
 *
 * - gapMs: two signals of one type at most this far apart belong to one interval;
 * - minSignals: an interval with fewer signals is a detector's flicker and is dropped (noise needs
 *   noise_tolerance.frames signals).
 */
export interface MergeRule {
  gapMs: number;
  minSignals: number;
}

/** The settings the merge reads; anything missing or malformed falls back to the defaults. */
export interface TimelineSettings {
  head: number;
  focus: number;
  silent: number;
  noise: { frames: number; time: number };
}

const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

export function timelineSettings(settings: Partial<ProctoringSettings> | null | undefined): TimelineSettings {
  const d = DEFAULT_PROCTORING_SETTINGS;
  const s = settings ?? {};
  const noise = (s.noise_tolerance ?? {}) as Partial<ProctoringSettings['noise_tolerance']>;
  return {
    head: positive(s.head_tolerance, d.head_tolerance),
    focus: positive(s.focus_tolerance, d.focus_tolerance),
    silent: positive(s.silent_tolerance, d.silent_tolerance),
    noise: {
      frames: Math.max(1, Math.floor(positive(noise.frames, d.noise_tolerance.frames))),
      time: positive(noise.time, d.noise_tolerance.time),
    },
  };
}

/** Camera detectors (head, face, eyes, objects) share head_tolerance; warnings use focus_tolerance. */
export function mergeRuleFor(type: string, settings: TimelineSettings): MergeRule {
  switch (type) {
    case 'focus_lost':
      return { gapMs: settings.focus, minSignals: 1 };
    case 'noise':
      return { gapMs: settings.noise.time, minSignals: settings.noise.frames };
    case 'microphone_silent':
      return { gapMs: settings.silent, minSignals: 1 };
    case 'head_turned':
    case 'face_missing':
    case 'too_far':
    case 'many_faces':
    case 'face_mismatch':
    case 'eye_away':
    case 'earphone':
    case 'prohibited_objects':
      return { gapMs: settings.head, minSignals: 1 };
    default:
      return { gapMs: settings.focus, minSignals: 1 };
  }
}
