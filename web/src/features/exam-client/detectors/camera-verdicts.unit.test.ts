import { DEFAULT_PROCTORING_SETTINGS } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { cameraThresholds } from './camera-thresholds';
import { CameraVerdicts, type CameraObservation } from './camera-verdicts';

const defaults = cameraThresholds(DEFAULT_PROCTORING_SETTINGS);

/**
 * Feeds one observation every 500 ms (as the worker looks) and returns "time:type:phase@stamp" of what
 * was posted: when it was posted, and the time the phase carries (when the condition began or ended).
 */
function posted(frames: Omit<CameraObservation, 'at'>[], verdicts = new CameraVerdicts(defaults)): string[] {
  return frames.flatMap((frame, i) =>
    verdicts
      .update({ ...frame, at: i * 500 })
      .map((s) => `${i * 500}:${s.action_type}:${s.condition?.phase}@${s.condition?.at}`),
  );
}
const repeat = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

describe("the camera's thresholds from the proctoring settings", () => {
  it('reads the specification defaults as the server does', () => {
    expect(defaults).toEqual({
      faceMinScore: 0.65,
      maxYaw: 50,
      maxPitch: 40,
      minFaceShare: 0.12,
      poseEveryMs: 1_200,
      compareEveryMs: 4_000,
      minSimilarity: 0.5,
      toleranceMs: 1_500,
    });
  });

  it("takes the assignment's own values and falls back on malformed ones", () => {
    const t = cameraThresholds({
      head_sensitivity: { x: 30, y: 'up', depth: 20 },
      head_position: { confidence: 0.8, interval: 100 },
      head_compare: { interval: 2_000, euclidean_distance: 0.6 },
      head_tolerance: -5,
    });
    expect(t).toMatchObject({ maxYaw: 30, maxPitch: 40, minFaceShare: 0.2, faceMinScore: 0.8 });
    // Never more often than the frames are looked at, nor compared more than once a second.
    expect(t.poseEveryMs).toBe(500);
    expect(t.compareEveryMs).toBe(2_000);
    expect(t.minSimilarity).toBe(0.6);
    expect(t.toleranceMs).toBe(1_500);
  });
});

describe("the camera's verdicts", () => {
  it('posts a head turned beyond the yaw or pitch tolerance once it lasts, with the angles', () => {
    const verdicts = new CameraVerdicts(defaults);
    const turned = { count: 1, share: 0.4, pose: { yaw: -63, pitch: 4 } };
    const frames = [
      turned,
      { count: 1, share: 0.4 },
      { count: 1, share: 0.4 },
      turned,
      { count: 1, share: 0.4 },
    ];
    const signals = frames.flatMap((f, i) => verdicts.update({ ...f, at: i * 500 }));
    expect(signals).toEqual([
      {
        action_type: 'head_turned',
        description: 'yaw -63°, pitch 4°',
        condition: { id: expect.any(String), phase: 'begin', at: 0 },
      },
    ]);
    // Looking down past the pitch tolerance counts as well; within both tolerances nothing.
    expect(posted(repeat(4, { count: 1, share: 0.4, pose: { yaw: 10, pitch: 45 } }))).toEqual([
      '1500:head_turned:begin@0',
    ]);
    expect(posted(repeat(8, { count: 1, share: 0.4, pose: { yaw: 49, pitch: -39 } }))).toEqual([]);
  });

  it('forgets the pose when the face is lost: a turn read before does not count after', () => {
    const frames = [
      { count: 1, share: 0.4, pose: { yaw: 70, pitch: 0 } },
      { count: 0 },
      { count: 1, share: 0.4 },
      { count: 1, share: 0.4 },
      { count: 1, share: 0.4 },
    ];
    expect(posted(frames)).toEqual([]);
  });

  it('posts too far when the only face is smaller than the depth share for the tolerance', () => {
    expect(posted(repeat(5, { count: 1, share: 0.08 }))).toEqual(['1500:too_far:begin@0']);
    expect(posted(repeat(5, { count: 1, share: 0.15 }))).toEqual([]);
    // Several faces are many_faces, not too far.
    expect(posted(repeat(4, { count: 2, share: 0.05 }))).toEqual(['1500:many_faces:begin@0']);
  });

  it('posts a face mismatch only after two low comparisons in a row, with the similarity', () => {
    const verdicts = new CameraVerdicts(defaults);
    const frames: Omit<CameraObservation, 'at'>[] = [
      { count: 1, share: 0.4, similarity: 0.95 },
      ...repeat(7, { count: 1, share: 0.4 }),
      { count: 1, share: 0.4, similarity: 0.12 },
      ...repeat(7, { count: 1, share: 0.4 }),
      { count: 1, share: 0.4, similarity: 0.08 },
      ...repeat(6, { count: 1, share: 0.4 }),
    ];
    const signals = frames.flatMap((f, i) =>
      verdicts.update({ ...f, at: i * 500 }).map((s) => ({ postedAt: i * 500, ...s })),
    );
    // Begun by the second low comparison (8 s), posted once it lasted the tolerance.
    expect(signals.map((s) => [s.postedAt, s.condition?.phase, s.condition?.at])).toEqual([
      [9_500, 'begin', 8_000],
    ]);
    expect(signals[0]).toMatchObject({
      action_type: 'face_mismatch',
      description: 'similarity 0.08 (threshold 0.50)',
    });
  });

  it('does not judge identity on a face too far to compare: too_far only', () => {
    const far = defaults.minFaceShare / 2;
    const frames = [0.12, 0.08, 0.1].flatMap((similarity) => [
      { count: 1, share: far, similarity },
      ...repeat(7, { count: 1, share: far }),
    ]);
    const types = new Set(posted(frames).map((line) => line.split(':')[1]));
    expect(types).toEqual(new Set(['too_far']));
  });

  it('never posts a mismatch for one low comparison between good ones', () => {
    const frames = [0.9, 0.2, 0.91, 0.3, 0.88].flatMap((similarity) => [
      { count: 1, share: 0.4, similarity },
      ...repeat(7, { count: 1, share: 0.4 }),
    ]);
    expect(posted(frames)).toEqual([]);
  });

  it('with head tracking off judges identity only', () => {
    const verdicts = new CameraVerdicts(defaults, false);
    const frames = [
      ...repeat(4, { count: 0 }),
      ...repeat(4, { count: 1, share: 0.05, pose: { yaw: 80, pitch: 0 } }),
      { count: 1, share: 0.4, similarity: 0.1 },
      { count: 1, share: 0.4, similarity: 0.1 },
      ...repeat(3, { count: 1, share: 0.4 }),
    ];
    // The second low comparison at 4.5 s, lasting the tolerance: posted at 6 s as begun at 4.5 s.
    expect(posted(frames, verdicts)).toEqual(['6000:face_mismatch:begin@4500']);
  });

  it('reports a minute without a face as one condition: its true start, heartbeats, its true end', () => {
    const frames: Omit<CameraObservation, 'at'>[] = [
      ...repeat(4, { count: 1, share: 0.4 }), // 0–1.5 s a face
      ...repeat(120, { count: 0 }), // 2–61.5 s none (one false face at 30 s does not split it)
      ...repeat(6, { count: 1, share: 0.4 }), // back at 62 s
    ];
    frames[60] = { count: 1, share: 0.4 };
    const verdicts = new CameraVerdicts(defaults, true, () => 'absent');
    const out = posted(frames, verdicts);
    expect(out[0]).toBe('3500:face_missing:begin@2000');
    expect(out.at(-1)).toBe('63500:face_missing:end@62000');
    expect(out.slice(1, -1).every((s) => s.includes(':heartbeat@'))).toBe(true);
    expect(out.length).toBe(2 + 11);
  });

  it('ends what is still open when the camera stops', () => {
    const verdicts = new CameraVerdicts(defaults, true, () => 'two');
    posted(repeat(6, { count: 2, share: 0.3 }), verdicts);
    expect(verdicts.close(9_000)).toEqual([
      {
        action_type: 'many_faces',
        description: '2 faces',
        condition: { id: 'two', phase: 'end', at: 9_000 },
      },
    ]);
    expect(verdicts.close(9_500)).toEqual([]);
    // An end says what the condition was, not what the camera sees when it is over.
    const turned = new CameraVerdicts(defaults, true, () => 'turn');
    const away = { count: 1, share: 0.4, pose: { yaw: -63, pitch: 4 } };
    const back = { count: 1, share: 0.4, pose: { yaw: 2, pitch: 1 } };
    const frames = [...repeat(5, away), ...repeat(5, back)];
    const ends = frames
      .flatMap((f, i) => turned.update({ ...f, at: i * 500 }))
      .filter((s) => s.condition?.phase === 'end');
    expect(ends).toEqual([
      {
        action_type: 'head_turned',
        description: 'yaw -63°, pitch 4°',
        condition: { id: 'turn', phase: 'end', at: 2_500 },
      },
    ]);
  });
});
