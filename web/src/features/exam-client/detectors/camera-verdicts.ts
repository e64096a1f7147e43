import type { ClientSignal } from '../checks/client-checks';
import { Sustained } from '../checks/sustained';
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
 * verdict holds until the next reading and is fed to the sustained rule on every frame: a turn lasting
 * the tolerance is posted, and again every tolerance while it lasts, which the timeline joins into one
 * interval. Pose and identity are judged only when exactly one face is seen.
 */
export class CameraVerdicts {
  private readonly missing: Sustained;
  private readonly many: Sustained;
  private readonly far: Sustained;
  private readonly turned: Sustained;
  private readonly mismatch: Sustained;
  private lastPose: { yaw: number; pitch: number } | null = null;
  private lowStreak = 0;
  private lastSimilarity: number | null = null;

  /** `tracking`: head_tracking (faces, distance, pose); off, only identity is judged. */
  constructor(
    private readonly t: CameraThresholds,
    private readonly tracking = true,
  ) {
    this.missing = new Sustained(t.toleranceMs);
    this.many = new Sustained(t.toleranceMs);
    this.far = new Sustained(t.toleranceMs);
    this.turned = new Sustained(t.toleranceMs);
    this.mismatch = new Sustained(t.toleranceMs);
  }

  update(o: CameraObservation): ClientSignal[] {
    const out: ClientSignal[] = [];
    const one = o.count === 1;
    if (!one) this.lastPose = null;
    if (o.pose) this.lastPose = o.pose;
    if (o.similarity !== undefined) {
      this.lastSimilarity = o.similarity;
      this.lowStreak = o.similarity < this.t.minSimilarity ? this.lowStreak + 1 : 0;
    }

    const track = this.tracking;
    if (this.missing.update(track && o.count === 0, o.at)) out.push({ action_type: 'face_missing' });
    if (this.many.update(track && o.count > 1, o.at)) {
      out.push({ action_type: 'many_faces', description: `${o.count} faces` });
    }
    const share = o.share ?? 1;
    if (this.far.update(track && one && share < this.t.minFaceShare, o.at)) {
      out.push({
        action_type: 'too_far',
        description: `face ${Math.round(share * 100)}% of the frame height`,
      });
    }
    const pose = this.lastPose;
    const isTurned =
      track &&
      one &&
      pose !== null &&
      (Math.abs(pose.yaw) > this.t.maxYaw || Math.abs(pose.pitch) > this.t.maxPitch);
    if (this.turned.update(isTurned, o.at) && pose) {
      out.push({
        action_type: 'head_turned',
        description: `yaw ${Math.round(pose.yaw)}°, pitch ${Math.round(pose.pitch)}°`,
      });
    }
    if (this.mismatch.update(one && this.lowStreak >= MISMATCH_STREAK, o.at)) {
      out.push({
        action_type: 'face_mismatch',
        description: `similarity ${(this.lastSimilarity ?? 0).toFixed(2)} (threshold ${this.t.minSimilarity.toFixed(2)})`,
      });
    }
    return out;
  }
}
