import { describe, expect, it } from 'vitest';
import { ObjectLookSchedule, verdictSpans, type ObjectLookMode } from './object-looks';
import { sceneChanged, sceneSignature, type SceneSignature } from './scene-change';

/**
 * The object detector's schedule on scripted scenes: each sampled frame is a scene number (frames of
 * one number look alike, different numbers differ), and the "detector" sees a phone in the scenes
 * listed. What is checked is the schedule: which frames the detector runs on and which verdict each
 * frame gets.
 */
const signatureOf = (scene: number): SceneSignature => ({
  columns: 1,
  rows: 1,
  cells: Float32Array.from([scene * 100]),
});

async function run(scenes: number[], withPhone: Set<number>, mode: ObjectLookMode, maxStaleFrames = 20) {
  const looked: number[] = [];
  const schedule = new ObjectLookSchedule<number, string>({
    every: 4,
    mode,
    maxStaleFrames,
    look: async (scene, index) => {
      looked.push(index);
      return withPhone.has(scene) ? ['cell phone'] : [];
    },
  });
  for (const [index, scene] of scenes.entries()) await schedule.push(index, scene, signatureOf(scene));
  const verdicts = await schedule.finish();
  return { looked, verdicts, looks: schedule.looks };
}

/** `n` frames of each scene in turn. */
const scenes = (...runs: [scene: number, frames: number][]) =>
  runs.flatMap(([scene, n]) => Array<number>(n).fill(scene));

describe('which frames the object detector looks at', () => {
  it('fixed: every 4th frame, nothing else', async () => {
    const { looked, verdicts } = await run(scenes([0, 10], [1, 6]), new Set([1]), 'fixed');
    expect(looked).toEqual([0, 4, 8, 12]);
    expect(verdicts.every((v) => v.looked)).toBe(true);
  });

  it('adaptive: an unchanged scene takes the last look’s verdict instead of looking again', async () => {
    const { looked, verdicts } = await run(scenes([0, 16]), new Set(), 'adaptive');
    expect(looked).toEqual([0]);
    // Grid frames 4, 8, 12 and the last frame (15) are decided without the detector.
    expect(verdicts.map((v) => [v.index, v.looked])).toEqual([
      [0, true],
      [4, false],
      [8, false],
      [12, false],
      [15, false],
    ]);
  });

  it('adaptive: a still scene is looked at again after maxStaleFrames all the same', async () => {
    const { looked } = await run(scenes([0, 24]), new Set(), 'adaptive', 10);
    expect(looked).toEqual([0, 12, 23]);
  });

  it('adaptive: a phone appearing between grid frames is found at the frame it appears', async () => {
    // The phone (scene 1) comes at frame 6, between grid frames 4 and 8, and goes at frame 14.
    const { looked, verdicts } = await run(scenes([0, 6], [1, 8], [2, 6]), new Set([1]), 'adaptive');
    const phone = verdicts.filter((v) => v.objects.length > 0).map((v) => v.index);
    expect(Math.min(...phone)).toBe(6);
    expect(Math.max(...phone)).toBe(13);
    // Frames probed between the grid frames took the verdict of the end whose scene they show (6 is
    // frame 8's, 5 frame 4's, 14 frame 16's, 13 frame 12's): the detector ran only where the scene
    // changed, and the last frame (19) shows frame 16's scene.
    expect(looked).toEqual([0, 8, 16]);
    const at = (index: number) => verdicts.find((v) => v.index === index);
    expect(at(5)).toMatchObject({ objects: [], looked: false });
    expect(at(6)).toMatchObject({ objects: ['cell phone'], looked: false });
    expect(at(13)).toMatchObject({ objects: ['cell phone'], looked: false });
    expect(at(14)).toMatchObject({ objects: [], looked: false });
    expect(at(19)).toMatchObject({ objects: [], looked: false });
  });

  it('adaptive: looks at the frames between when they show a scene like neither end', async () => {
    // Every frame a new scene (a moving camera); the phone is in scenes 6 to 9.
    const moving = Array.from({ length: 13 }, (_, i) => i);
    const { looked, verdicts } = await run(moving, new Set([6, 7, 8, 9]), 'adaptive');
    const phone = verdicts.filter((v) => v.objects.length > 0).map((v) => v.index);
    expect(Math.min(...phone)).toBe(6);
    expect(Math.max(...phone)).toBe(9);
    // Grid frames 0, 4, 8, 12; bisection between 4 and 8 (6, then 5) and between 8 and 12 (10, then 9).
    expect(looked).toEqual([0, 4, 8, 6, 5, 12, 10, 9]);
  });

  it('never looks at one frame twice and returns verdicts in order', async () => {
    const moving = Array.from({ length: 30 }, (_, i) => Math.floor(i / 3));
    const { looked, verdicts } = await run(moving, new Set([2, 3, 7]), 'adaptive');
    expect(new Set(looked).size).toBe(looked.length);
    expect(verdicts.map((v) => v.index)).toEqual([...verdicts.map((v) => v.index)].sort((a, b) => a - b));
  });

  it('reports a detector failure from finish', async () => {
    const schedule = new ObjectLookSchedule<number, string>({
      every: 2,
      mode: 'adaptive',
      maxStaleFrames: 20,
      look: () => Promise.reject(new Error('worker stopped')),
    });
    void schedule.push(0, 0, signatureOf(0)).catch(() => undefined);
    await expect(schedule.finish()).rejects.toThrow('worker stopped');
  });
});

describe('how long each verdict stands for', () => {
  it('until the next verdict, at most one grid interval, never past the last frame', () => {
    const spans = verdictSpans(
      [{ index: 0 }, { index: 4 }, { index: 6 }, { index: 7 }, { index: 16 }],
      4,
      18,
      2,
    );
    expect([...spans]).toEqual([
      [0, 2],
      [4, 1],
      [6, 0.5],
      [7, 2],
      [16, 1],
    ]);
  });
});

describe('scene change', () => {
  const frame = (fill: (x: number, y: number) => number) => {
    const data = new Uint8Array(320 * 240 * 3);
    for (let y = 0; y < 240; y++)
      for (let x = 0; x < 320; x++) data.fill(fill(x, y), (y * 320 + x) * 3, (y * 320 + x) * 3 + 3);
    return { width: 320, height: 240, data };
  };
  const room = (x: number, y: number) => 80 + ((x * 7 + y * 13) % 40);

  it('ignores sensor noise of a few grey levels', () => {
    let seed = 1;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 7) - 3;
    expect(
      sceneChanged(sceneSignature(frame(room)), sceneSignature(frame((x, y) => room(x, y) + noise()))),
    ).toBe(false);
  });

  it('sees a phone-sized patch (30 × 50 pixels) brought into the frame', () => {
    const withPhone = frame((x, y) => (x >= 200 && x < 230 && y >= 150 && y < 200 ? 20 : room(x, y)));
    expect(sceneChanged(sceneSignature(frame(room)), sceneSignature(withPhone))).toBe(true);
  });

  it('sees the whole picture brighten (the light switched on)', () => {
    expect(sceneChanged(sceneSignature(frame(room)), sceneSignature(frame((x, y) => room(x, y) + 40)))).toBe(
      true,
    );
  });
});
