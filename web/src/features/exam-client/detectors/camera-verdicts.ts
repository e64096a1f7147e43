import type { ClientSignal } from '../checks/client-checks';
import { Condition, type ConditionReport } from '../checks/condition';
import type { CameraThresholds } from './camera-thresholds';

/** What the face worker saw on one frame; pose and similarity only on the frames they were read. */
export interface CameraObservation {
  at: number;
  count: number;
  /** The largest face's height as a share of the frame's. */
  share?: number;
  pose?: { yaw: number; pitch: number };
  similarity?: number;
}

/** Low comparisons in a row before the face counts as another person's: one bad frame never does. */
export const MISMATCH_STREAK = 2;

/**
 * The camera's rules, pure: the worker's observations in, the actions to post out. Pose and identity are
 * read less often than faces are counted (head_position.interval, head_compare.interval), so their last
 * verdict holds until the next reading and is fed to its condition on every frame. Each rule is a
 * condition (checks/condition.ts) reported as begin, heartbeats and end, stamped with the frames' times,
 * so the server's interval is as long as the condition whatever the worker's or the network's delays.
 * Pose and identity are judged only when exactly one face is seen.
 */
export class CameraVerdicts {
  private readonly missing: Condition;
  private readonly many: Condition;
  private readonly far: Condition;
  private readonly turned: Condition;
  private readonly mismatch: Condition;
  private lastPose: { yaw: number; pitch: number } | null = null;
  private lowStreak = 0;
  private lastSimilarity: number | null = null;
  private lastCount = 0;
  private lastShare = 1;
  private readonly described = new Map<string, string>();

  /** `tracking`: head_tracking (faces, distance, pose); off, only identity is judged. */
  constructor(
    private readonly t: CameraThresholds,
    private readonly tracking = true,
    newId?: () => string,
  ) {
    this.missing = new Condition(t.toleranceMs, newId);
    this.many = new Condition(t.toleranceMs, newId);
    this.far = new Condition(t.toleranceMs, newId);
    this.turned = new Condition(t.toleranceMs, newId);
    this.mismatch = new Condition(t.toleranceMs, newId);
  }

  update(o: CameraObservation): ClientSignal[] {
    const out: ClientSignal[] = [];
    const one = o.count === 1;
    if (!one) this.lastPose = null;
    if (o.pose) this.lastPose = o.pose;
    // A face below the distance threshold is too_far already, and too few pixels for the embedding:
    // its comparison is not judged (a distant student was taken for someone else), as on the server.
    const near = (o.share ?? 1) >= this.t.minFaceShare;
    if (o.similarity !== undefined && near) {
      this.lastSimilarity = o.similarity;
      this.lowStreak = o.similarity < this.t.minSimilarity ? this.lowStreak + 1 : 0;
    }
    this.lastCount = o.count;
    this.lastShare = o.share ?? 1;

    const track = this.tracking;
    const share = this.lastShare;
    const pose = this.lastPose;
    const isTurned =
      track &&
      one &&
      pose !== null &&
      (Math.abs(pose.yaw) > this.t.maxYaw || Math.abs(pose.pitch) > this.t.maxPitch);
    const add = (type: string, reports: ConditionReport[]) => {
      for (const condition of reports) out.push(this.signal(type, condition));
    };
    add('face_missing', this.missing.update(track && o.count === 0, o.at));
    add('many_faces', this.many.update(track && o.count > 1, o.at));
    add('too_far', this.far.update(track && one && share < this.t.minFaceShare, o.at));
    add('head_turned', this.turned.update(isTurned, o.at));
    add('face_mismatch', this.mismatch.update(one && near && this.lowStreak >= MISMATCH_STREAK, o.at));
    return out;
  }

  /** Ends every open condition at `now` (the camera's detector stops with the exam). */
  close(now: number): ClientSignal[] {
    const rules: [string, Condition][] = [
      ['face_missing', this.missing],
      ['many_faces', this.many],
      ['too_far', this.far],
      ['head_turned', this.turned],
      ['face_mismatch', this.mismatch],
    ];
    return rules.flatMap(([type, rule]) => rule.close(now).map((c) => this.signal(type, c)));
  }

  /**
   * The action for one phase, described by what the camera sees while the condition holds; an end
   * keeps the last such description (by then the camera sees the condition gone).
   */
  private signal(type: string, condition: ConditionReport): ClientSignal {
    const description = condition.phase === 'end' ? this.described.get(type) : this.describe(type);
    if (condition.phase === 'end') this.described.delete(type);
    else if (description) this.described.set(type, description);
    return { action_type: type, condition, ...(description ? { description } : {}) };
  }

  private describe(type: string): string | undefined {
    const pose = this.lastPose;
    if (type === 'many_faces' && this.lastCount > 1) return `${this.lastCount} faces`;
    if (type === 'too_far' && this.lastCount === 1)
      return `face ${Math.round(this.lastShare * 100)}% of the frame height`;
    if (type === 'head_turned' && pose)
      return `yaw ${Math.round(pose.yaw)}°, pitch ${Math.round(pose.pitch)}°`;
    if (type === 'face_mismatch')
      return `similarity ${(this.lastSimilarity ?? 0).toFixed(2)} (threshold ${this.t.minSimilarity.toFixed(2)})`;
    return undefined;
  }
}
