import { CONDITION_HEARTBEAT_MS, type ConditionPhase } from '@sabaq/events';

/** One phase of a condition to post: `at` is when it really happened, not when it was noticed. */
export interface ConditionReport {
  id: string;
  phase: ConditionPhase;
  at: number;
}

/**
 * A lasting condition (no face, focus away, ...) reported as one interval (docs/proctoring.md,
 * "Conditions"): `begin` once it has held for the tolerance, stamped with when it started; a
 * `heartbeat` every CONDITION_HEARTBEAT_MS while it holds (so a lost client's interval still ends near
 * the truth); `end` once it has been gone for the tolerance, stamped with when it went. A blip shorter
 * than the tolerance never begins one, and a gap shorter than the tolerance (one frame where the detector
 * saw a face that was not there) does not split one: both ways the server gets the condition's true
 * start and end, however late the detector's results or the network deliver them.
 */
export class Condition {
  private since: number | null = null;
  private openId: string | null = null;
  private lastBeat = 0;
  /** When it last stopped holding while open; null while it holds. */
  private gone: number | null = null;

  constructor(
    private readonly toleranceMs: number,
    private readonly newId: () => string = () => crypto.randomUUID(),
    private readonly heartbeatMs = CONDITION_HEARTBEAT_MS,
  ) {}

  /** Feeds the condition's state at `now`; the phases due, oldest first. */
  update(active: boolean, now: number): ConditionReport[] {
    if (this.openId === null) {
      if (!active) {
        this.since = null;
        return [];
      }
      this.since ??= now;
      if (now - this.since < this.toleranceMs) return [];
      this.openId = this.newId();
      this.lastBeat = now;
      this.gone = null;
      return [{ id: this.openId, phase: 'begin', at: this.since }];
    }
    if (!active) {
      this.gone ??= now;
      return now - this.gone >= this.toleranceMs ? this.finish(this.gone) : [];
    }
    this.gone = null;
    if (now - this.lastBeat < this.heartbeatMs) return [];
    this.lastBeat = now;
    return [{ id: this.openId, phase: 'heartbeat', at: now }];
  }

  /** Ends an open condition (the exam is over or the detector stopped) at `now`, or when it went. */
  close(now: number): ConditionReport[] {
    return this.openId === null ? [] : this.finish(this.gone ?? now);
  }

  /** Whether an interval is open (the student was warned). */
  get open(): boolean {
    return this.openId !== null;
  }

  private finish(at: number): ConditionReport[] {
    const id = this.openId!;
    this.openId = null;
    this.since = null;
    this.gone = null;
    return [{ id, phase: 'end', at }];
  }
}

/** A tolerance from the settings, in ms; a malformed value falls back to the specification's 1500. */
export function toleranceOf(value: unknown, fallback = 1_500): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
