/**
 * A condition that counts only once it lasts (one bad frame is not a violation): it fires when it has
 * held for the tolerance, then again every tolerance while it holds, so the server's timeline (which
 * joins signals at most a tolerance apart) sees one interval as long as the condition.
 */
export class Sustained {
  private since: number | null = null;
  private lastFired: number | null = null;

  constructor(private readonly toleranceMs: number) {}

  /** Feeds the condition's state at `now`; true when a signal is due. */
  update(active: boolean, now: number): boolean {
    if (!active) {
      this.since = null;
      this.lastFired = null;
      return false;
    }
    this.since ??= now;
    if (now - this.since < this.toleranceMs) return false;
    if (this.lastFired !== null && now - this.lastFired < this.toleranceMs) return false;
    this.lastFired = now;
    return true;
  }

  /** Whether it fired since it last became active (the student was warned). */
  get firing(): boolean {
    return this.lastFired !== null;
  }
}

/** A tolerance from the settings, in ms; a malformed value falls back to the specification's 1500. */
export function toleranceOf(value: unknown, fallback = 1_500): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
