import { createHash } from 'node:crypto';
import type { DeviceConditionPhase, DeviceFinding } from '@sabaq/events';

/** A lasting condition is repeated this often while it holds, as the page's detectors do. */
export const HEARTBEAT_MS = 5_000;

interface Open {
  conditionId: string;
  finding: DeviceFinding;
  lastSentMs: number;
  sequence: number;
}

const short = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10);

/**
 * Turns the findings of each look into proctoring condition phases (pure but for its memory): a
 * finding that appears begins a condition, one still there gets a heartbeat every HEARTBEAT_MS, one
 * gone ends it. Ids are derived from the finding and its start, so a retried phase is the same action.
 */
export class ConditionTracker {
  private readonly open = new Map<string, Open>();

  next(findings: readonly DeviceFinding[], nowMs: number): DeviceConditionPhase[] {
    const phases: DeviceConditionPhase[] = [];
    const seen = new Set<string>();
    for (const finding of findings) {
      const slot = `${finding.kind}:${finding.key}`;
      seen.add(slot);
      const known = this.open.get(slot);
      if (!known) {
        const conditionId = `da-${short(slot)}-${nowMs.toString(36)}`;
        const entry = { conditionId, finding, lastSentMs: nowMs, sequence: 0 };
        this.open.set(slot, entry);
        phases.push(this.phase(entry, 'begin', nowMs));
      } else if (nowMs - known.lastSentMs >= HEARTBEAT_MS) {
        known.lastSentMs = nowMs;
        known.finding = finding;
        phases.push(this.phase(known, 'heartbeat', nowMs));
      }
    }
    for (const [slot, entry] of this.open) {
      if (seen.has(slot)) continue;
      this.open.delete(slot);
      phases.push(this.phase(entry, 'end', nowMs));
    }
    return phases;
  }

  /** The conditions open now with their ids (the page ends them itself if this agent goes away). */
  openConditions(): (DeviceFinding & { condition_id: string })[] {
    return [...this.open.values()].map((entry) => ({ ...entry.finding, condition_id: entry.conditionId }));
  }

  /** Ends every open condition (the attempt is over, the page went away, the token expired). */
  closeAll(nowMs: number): DeviceConditionPhase[] {
    return this.next([], nowMs);
  }

  private phase(entry: Open, phase: DeviceConditionPhase['phase'], nowMs: number): DeviceConditionPhase {
    entry.sequence += 1;
    return {
      id: `${entry.conditionId}-${entry.sequence}`,
      condition_id: entry.conditionId,
      phase,
      finding: entry.finding,
      created_at: new Date(nowMs).toISOString(),
    };
  }
}
