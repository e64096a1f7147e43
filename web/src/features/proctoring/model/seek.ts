/** A converted recording of the attempt: when it started and how long it plays. */
export interface RecordingSpan {
  startedAt: string;
  /** Seconds; null while unknown (the player's own duration is used then). */
  duration: number | null;
}

/**
 * Where the player must go to show an instant of the exam: seconds from the recording's start,
 * clamped into the recording. Null when the instant is outside it (before the camera started, or
 * after it stopped): seeking to an edge would show the wrong moment.
 */
export function seekOffset(at: string, recording: RecordingSpan): number | null {
  const offset = (Date.parse(at) - Date.parse(recording.startedAt)) / 1000;
  if (!Number.isFinite(offset) || offset < 0) return null;
  if (recording.duration !== null && offset > recording.duration) return null;
  return offset;
}

/** The exam instant the player shows at `currentTime` seconds, as epoch milliseconds. */
export function instantOf(currentTime: number, recording: RecordingSpan): number {
  return Date.parse(recording.startedAt) + currentTime * 1000;
}

/** The span the timeline draws: from the earliest to the latest thing on it, never empty. */
export function timelineSpan(instants: number[]): { from: number; to: number } {
  const valid = instants.filter((n) => Number.isFinite(n));
  if (valid.length === 0) return { from: 0, to: 1000 };
  const from = Math.min(...valid);
  const to = Math.max(...valid);
  return { from, to: to > from ? to : from + 1000 };
}

/** Where an instant sits on the drawn span, 0…1 (clamped), for marks and the playing position. */
export function fractionOf(instant: number, span: { from: number; to: number }): number {
  const fraction = (instant - span.from) / (span.to - span.from);
  return Math.min(1, Math.max(0, fraction));
}
