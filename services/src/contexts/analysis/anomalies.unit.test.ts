import { describe, expect, it } from 'vitest';
import { anomaliesOf, sustainedIntervals, type AudioSignal, type FrameSignal } from './anomalies';
import { analysisSettings } from './settings';

const settings = analysisSettings(null);
const face = { score: 0.99, share: 0.4 };
const frame = (t: number, over: Partial<FrameSignal> = {}): FrameSignal => ({
  t,
  faces: [face],
  bestScore: 0.99,
  pose: { yaw: 0, pitch: 0 },
  identity: null,
  ...over,
});
/** Frames at 2 per second from `from` to `to` seconds, each shaped by `over`. */
const frames = (from: number, to: number, over: Partial<FrameSignal> = {}) =>
  Array.from({ length: (to - from) * 2 }, (_, i) => frame(from + i / 2, over));
const quiet = (t: number): AudioSignal => ({ t, speech: Array(31).fill(0.01), loudnessDbfs: -70 });

describe('server analysis settings', () => {
  it('reads the specification defaults and the assignment overrides', () => {
    expect(settings).toMatchObject({
      framesPerSecond: 2,
      identityEveryFrames: 8,
      manyFaces: 2,
      minFaceShare: 0.12,
      maxYaw: 50,
      maxPitch: 40,
      speechThreshold: 0.9,
      speechMinFrames: 5,
      noiseDbfs: -30,
      cameraToleranceMs: 1500,
    });
    const strict = analysisSettings({ head_tolerance: 4000, head_sensitivity: { x: 20, y: 10, depth: 30 } });
    expect(strict).toMatchObject({ cameraToleranceMs: 4000, maxYaw: 20, maxPitch: 10, minFaceShare: 0.3 });
    // Objects: every object_detection.interval (2 s, every 4th frame), the scores scaled to the server's model.
    expect(settings.objectsEveryFrames).toBe(4);
    expect(settings.objectMinScore).toEqual({ 'cell phone': 0.25, laptop: 0.25, remote: 0.25 });
    const objects = analysisSettings({
      object_detection: { interval: 500, categories: { phone: { score: 0.8 }, laptop: { score: 'x' } } },
    } as never);
    expect(objects.objectsEveryFrames).toBe(1);
    expect(objects.objectMinScore).toEqual({ 'cell phone': 0.5, laptop: 0.25, remote: 0.25 });
    // Eyes: face_landmarker.eye_direction's sideways scores (0.4) halved for the server's iris offset;
    // the student looking to their right moves the irises to the picture's left (look_right).
    expect(settings).toMatchObject({ maxGazeLeft: 0.2, maxGazeRight: 0.2, eyesEveryFrames: 2 });
    expect(
      analysisSettings({ face_landmarker: { eye_direction: { look_right: 0.6, look_left: 2 } } } as never),
    ).toMatchObject({ maxGazeLeft: 0.3, maxGazeRight: 0.5 });
    // Malformed values fall back to the defaults rather than disabling a detector.
    expect(analysisSettings({ head_tolerance: -5, noise_sensitivity: 'loud' } as never)).toMatchObject({
      cameraToleranceMs: 1500,
      noiseDbfs: -30,
    });
  });
});

describe('sustained anomalies', () => {
  it('given a clean recording, raises nothing', () => {
    const audio = Array.from({ length: 10 }, (_, t) => quiet(t));
    expect(sustainedIntervals(anomaliesOf(frames(0, 10), audio, settings), settings)).toEqual([]);
  });

  it('given one bad frame, raises nothing: a single frame is never a violation', () => {
    const signals = [...frames(0, 3), frame(3, { faces: [], bestScore: 0.1, pose: null }), ...frames(3.5, 6)];
    expect(sustainedIntervals(anomaliesOf(signals, [], settings), settings)).toEqual([]);
  });

  it('given a face missing for 3 s, raises one interval over those seconds with its confidence', () => {
    const signals = [
      ...frames(0, 2),
      ...frames(2, 5, { faces: [], bestScore: 0.2, pose: null }),
      ...frames(5, 8),
    ];
    expect(sustainedIntervals(anomaliesOf(signals, [], settings), settings)).toEqual([
      { type: 'face_missing', start: 2, end: 5, confidence: 0.8, peak: 0.8, samples: 6 },
    ]);
  });

  it('given an anomaly shorter than the tolerance, raises nothing', () => {
    const signals = [...frames(0, 2), ...frames(2, 3, { faces: [face, face] }), ...frames(3, 6)];
    expect(sustainedIntervals(anomaliesOf(signals, [], settings), settings)).toEqual([]);
    const longer = analysisSettings({ head_tolerance: 500 });
    expect(sustainedIntervals(anomaliesOf(signals, [], longer), longer).map((i) => i.type)).toEqual([
      'many_faces',
    ]);
  });

  it('bridges a gap shorter than the tolerance, and splits on a longer one', () => {
    const turned = { pose: { yaw: 70, pitch: 0 } };
    const bridged = [...frames(0, 2, turned), ...frames(2, 3), ...frames(3, 5, turned)];
    expect(sustainedIntervals(anomaliesOf(bridged, [], settings), settings)).toMatchObject([
      { type: 'head_turned', start: 0, end: 5 },
    ]);
    const split = [...frames(0, 2, turned), ...frames(2, 6), ...frames(6, 8, turned)];
    expect(sustainedIntervals(anomaliesOf(split, [], settings), settings)).toMatchObject([
      { type: 'head_turned', start: 0, end: 2 },
      { type: 'head_turned', start: 6, end: 8 },
    ]);
  });

  it('reads far faces, other people and many faces from the frames', () => {
    const signals = [
      ...frames(0, 3, { faces: [{ score: 0.9, share: 0.05 }] }),
      ...frames(3, 6, { identity: 0.1 }),
      ...frames(6, 9, { faces: [face, { score: 0.8, share: 0.3 }] }),
    ];
    // Identity is compared on some frames only: mark every frame so the interval is dense.
    const types = sustainedIntervals(anomaliesOf(signals, [], settings), settings).map((i) => [
      i.type,
      i.start,
      i.end,
    ]);
    expect(types).toContainEqual(['too_far', 0, 3]);
    expect(types).toContainEqual(['many_faces', 6, 9]);
    expect(types.find((t) => t[0] === 'face_mismatch')?.[1]).toBe(3);
  });

  it('given a phone seen on two looks 2 s apart, raises prohibited_objects naming what was seen', () => {
    const phone = { label: 'cell phone', score: 0.4, minScore: 0.25 };
    const laptop = { label: 'laptop', score: 0.3, minScore: 0.25 };
    // Objects are looked for on every 4th frame (2 s); the frames between carry no object verdict.
    const looked = (t: number, objects: NonNullable<FrameSignal['objects']>) =>
      frame(t, { objects: t % 2 === 0 ? objects : null });
    const signals = [
      ...[0, 0.5, 1, 1.5].map((t) => looked(t, [])),
      ...[2, 2.5, 3, 3.5].map((t) => looked(t, [phone, laptop])),
      ...[4, 4.5, 5, 5.5].map((t) => looked(t, [phone])),
      ...[6, 6.5, 7, 7.5].map((t) => looked(t, [])),
    ];
    const [found, ...rest] = sustainedIntervals(anomaliesOf(signals, [], settings), settings);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({
      type: 'prohibited_objects',
      start: 2,
      end: 6,
      samples: 2,
      description: 'cell phone, laptop',
    });
    // 0.5 at the threshold, 1 at a certain detection: 0.4 over 0.25 is 0.6.
    expect(found!.confidence).toBeCloseTo(0.6, 3);
  });

  it('given a phone on one look only, raises nothing: one sighting is a flicker', () => {
    const phone = [{ label: 'cell phone', score: 0.9, minScore: 0.25 }];
    const signals = [frame(0, { objects: [] }), frame(2, { objects: phone }), frame(4, { objects: [] })];
    expect(sustainedIntervals(anomaliesOf(signals, [], settings), settings)).toEqual([]);
  });

  describe('eyes away', () => {
    const eyes = (horizontal: number) => ({ eyes: { horizontal, openness: 0.3, width: 8 } });

    it('given the eyes turned to either side for 3 s, raises eye_away over those seconds', () => {
      // Read once a second (every eyesEveryFrames-th frame); each reading stands for that second.
      const read = (from: number, to: number, horizontal: number) =>
        frames(from, to).map((f) => (f.t % 1 === 0 ? { ...f, ...eyes(horizontal) } : f));
      const signals = [...read(0, 2, -0.05), ...read(2, 5, -0.32), ...read(5, 8, 0.3)];
      const found = sustainedIntervals(anomaliesOf(signals, [], settings), settings);
      expect(found).toMatchObject([{ type: 'eye_away', start: 2, end: 8, samples: 6 }]);
      // 0.32 over 0.2 is 1.6 times the threshold: confident (the face's score caps it).
      expect(found[0]!.peak).toBeCloseTo(0.99, 3);
    });

    it('given eyes within the threshold, or one glance of a frame, raises nothing', () => {
      const signals = [...frames(0, 3, eyes(0.15)), frame(3, eyes(-0.5)), ...frames(3.5, 6, eyes(-0.12))];
      expect(sustainedIntervals(anomaliesOf(signals, [], settings), settings)).toEqual([]);
    });

    it('does not read the eyes of a turned head, of several faces, of a far face or of shut or tiny eyes', () => {
      const away = eyes(-0.5).eyes;
      const cases: Partial<FrameSignal>[] = [
        { eyes: away, pose: { yaw: 70, pitch: 0 } },
        { eyes: away, faces: [face, { score: 0.8, share: 0.3 }] },
        { eyes: away, faces: [{ score: 0.9, share: 0.05 }] },
        { eyes: { ...away, openness: 0.05 } },
        { eyes: { ...away, width: 3 } },
        // Irises on the eye corners: a failed reading.
        { eyes: { ...away, horizontal: -1 } },
        { eyes: null },
      ];
      for (const over of cases) {
        const types = sustainedIntervals(anomaliesOf(frames(0, 4, over), [], settings), settings).map(
          (i) => i.type,
        );
        expect(types, JSON.stringify(over)).not.toContain('eye_away');
      }
    });
  });

  it('tells speech from noise in the audio', () => {
    const audio: AudioSignal[] = [
      quiet(0),
      ...[1, 2, 3].map((t) => ({ t, speech: Array(31).fill(0.97), loudnessDbfs: -20 })),
      quiet(4),
      ...[5, 6, 7].map((t) => ({ t, speech: Array(31).fill(0.02), loudnessDbfs: -22 })),
      quiet(8),
    ];
    expect(sustainedIntervals(anomaliesOf([], audio, settings), settings)).toMatchObject([
      { type: 'speech', start: 1, end: 4 },
      { type: 'noise', start: 5, end: 8 },
    ]);
  });

  it('starts speech where the voice starts, and never calls speech the model is unsure of noise', () => {
    const loud = (t: number, p: number) => ({ t, speech: Array(31).fill(p), loudnessDbfs: -15 });
    // Two seconds the model is unsure of (0.7: a voice starting, or over noise), then sure speech.
    const audio = [
      quiet(0),
      loud(1, 0.7),
      loud(2, 0.7),
      loud(3, 0.97),
      loud(4, 0.97),
      loud(5, 0.7),
      quiet(6),
    ];
    expect(sustainedIntervals(anomaliesOf([], audio, settings), settings)).toMatchObject([
      { type: 'speech', start: 1, end: 6 },
    ]);
    // Unsure and alone: neither speech (not sure enough) nor noise (it sounds like speech).
    const unsure = [quiet(0), loud(1, 0.7), loud(2, 0.7), loud(3, 0.7), quiet(4)];
    expect(sustainedIntervals(anomaliesOf([], unsure, settings), settings)).toEqual([]);
  });

  it('does not judge identity on a face too far to tell', () => {
    const far = { faces: [{ score: 0.99, share: 0.08 }], identity: 0.1 };
    const types = sustainedIntervals(anomaliesOf(frames(0, 6, far), [], settings), settings).map(
      (i) => i.type,
    );
    expect(types).toEqual(['too_far']);
    // The same similarity on a near face is a mismatch.
    const near = sustainedIntervals(anomaliesOf(frames(0, 6, { identity: 0.1 }), [], settings), settings);
    expect(near.map((i) => i.type)).toEqual(['face_mismatch']);
  });
});
