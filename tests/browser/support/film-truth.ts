/**
 * Where a looped film's known segments fall on a recording of it. Chromium loops the fake camera's film
 * from when the page opened the camera (the equipment check), and the exam records from a later moment,
 * so the recording's second 0 shows the film at an unknown place: its phase. The phase is one number for
 * the whole recording; once it is known, every segment of every loop has a place on the recording.
 */

export interface FilmSegment {
  type: string;
  /** Seconds from the film's start. */
  start: number;
  end: number;
}

export interface FoundInterval {
  type: string;
  /** Seconds on the recording. */
  start: number;
  end: number;
}

const mod = (value: number, period: number) => ((value % period) + period) % period;

/**
 * The film's second shown at the recording's second 0, read from the intervals found: each found
 * boundary of a segment's type implies a phase; the median of them (unwrapped around the first, as
 * phases are on a circle) is robust to a stray interval. Only intervals about as long as their segment
 * vote (a fragment's start or end says nothing of the segment's); `null` when none does.
 */
export function filmPhase(
  film: readonly FilmSegment[],
  period: number,
  found: readonly FoundInterval[],
  lengthTolerance: number,
): number | null {
  const votes: number[] = [];
  for (const interval of found) {
    for (const segment of film) {
      if (segment.type !== interval.type) continue;
      const length = segment.end - segment.start;
      if (Math.abs(interval.end - interval.start - length) > lengthTolerance) continue;
      votes.push(mod(segment.start - interval.start, period), mod(segment.end - interval.end, period));
    }
  }
  if (votes.length === 0) return null;
  const reference = votes[0]!;
  const unwrapped = votes
    .map((vote) => reference + mod(vote - reference + period / 2, period) - period / 2)
    .sort((a, b) => a - b);
  return mod(unwrapped[Math.floor(unwrapped.length / 2)]!, period);
}

/**
 * Every segment of the looped film that lies whole on a recording of `duration` seconds whose second 0
 * shows the film's second `phase`, at least `margin` seconds inside it (what the recording's start or
 * end cut is not a whole segment), in recording seconds.
 */
export function segmentsOnRecording(
  film: readonly FilmSegment[],
  period: number,
  phase: number,
  duration: number,
  margin: number,
): FilmSegment[] {
  const placed: FilmSegment[] = [];
  for (let loop = -1; loop * period - phase <= duration; loop += 1) {
    for (const segment of film) {
      const start = segment.start - phase + loop * period;
      const end = segment.end - phase + loop * period;
      if (start >= margin && end <= duration - margin) placed.push({ type: segment.type, start, end });
    }
  }
  return placed.sort((a, b) => a.start - b.start);
}
