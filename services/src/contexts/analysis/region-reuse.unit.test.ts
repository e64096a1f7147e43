import { describe, expect, it } from 'vitest';
import type { RgbImage } from '@sabaq/models';
import { RegionAnswers, regionSignature, regionUnchanged } from './region-reuse';

const grey = (width: number, height: number, level: number): RgbImage => ({
  width,
  height,
  data: new Uint8Array(width * height * 3).fill(level),
});

/** A dark disc of radius r centred at (cx, cy), as an iris on a pale eye. */
function withDisc(image: RgbImage, cx: number, cy: number, r: number): RgbImage {
  const data = Uint8Array.from(image.data);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r)
        data.fill(40, (y * image.width + x) * 3, (y * image.width + x) * 3 + 3);
  return { ...image, data };
}

const region = { x1: 100, y1: 80, x2: 140, y2: 100 };
const options = { moved: 0.05, levels: 8 };

describe('regionUnchanged', () => {
  it('is unchanged for the same pixels and for a codec flicker of a few levels', () => {
    const a = regionSignature(grey(320, 240, 200), region, 2);
    expect(regionUnchanged(a, regionSignature(grey(320, 240, 200), region, 2), options)).toBe(true);
    expect(regionUnchanged(a, regionSignature(grey(320, 240, 205), region, 2), options)).toBe(true);
  });

  it('changes when an iris of 3 pixels moves 2 pixels inside the region', () => {
    const eye = withDisc(grey(320, 240, 200), 120, 90, 3);
    const moved = withDisc(grey(320, 240, 200), 118, 90, 3);
    expect(regionUnchanged(regionSignature(eye, region, 2), regionSignature(moved, region, 2), options)).toBe(
      false,
    );
  });

  it('changes when the region moves, and ignores what happens outside it', () => {
    const image = grey(320, 240, 200);
    const a = regionSignature(image, region, 2);
    const shifted = regionSignature(image, { ...region, x1: 110, x2: 150 }, 2);
    expect(regionUnchanged(a, shifted, options)).toBe(false);
    const elsewhere = withDisc(image, 20, 20, 10);
    expect(regionUnchanged(a, regionSignature(elsewhere, region, 2), options)).toBe(true);
  });

  it('never reuses an empty region (a box outside the frame)', () => {
    const outside = regionSignature(grey(320, 240, 200), { x1: 400, y1: 300, x2: 420, y2: 320 }, 2);
    expect(regionUnchanged(outside, outside, options)).toBe(false);
  });
});

describe('RegionAnswers', () => {
  const still = regionSignature(grey(320, 240, 200), region, 2);
  const changed = regionSignature(withDisc(grey(320, 240, 200), 120, 90, 4), region, 2);

  it('runs the model where the region changed, reuses it where not, and runs again once the answer is too old', async () => {
    const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: 3 });
    let runs = 0;
    const compute = () => Promise.resolve(++runs);
    expect(await answers.answer(0, still, compute)).toBe(1);
    expect(await answers.answer(1, still, compute)).toBe(1);
    expect(await answers.answer(2, changed, compute)).toBe(2);
    expect(await answers.answer(3, changed, compute)).toBe(2);
    await answers.pass(4);
    expect(await answers.answer(5, changed, compute)).toBe(2);
    expect(await answers.answer(6, changed, compute)).toBe(3);
    expect({ ran: answers.ran, reused: answers.reused }).toEqual({ ran: 3, reused: 3 });
  });

  it('decides in frame order whatever order the frames ask in, so a late earlier frame is the reference', async () => {
    // Frames 0–5: a still region, a change at 2 (only 2 and 3 show it), still again from 4. Asked in a
    // shuffled order, each frame still compares with the last earlier frame that ran, as in order.
    const regions = [still, still, changed, changed, still, still];
    const inOrder = async () => {
      const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: 10 });
      const got: number[] = [];
      for (const [i, r] of regions.entries()) got.push(await answers.answer(i, r, () => Promise.resolve(i)));
      return got;
    };
    const shuffled = async (order: number[]) => {
      const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: 10 });
      const got: Promise<number>[] = [];
      for (const i of order) got[i] = answers.answer(i, regions[i]!, () => Promise.resolve(i));
      return Promise.all(got);
    };
    const expected = await inOrder();
    expect(expected).toEqual([0, 0, 2, 2, 4, 4]);
    expect(await shuffled([5, 3, 1, 4, 0, 2])).toEqual(expected);
    expect(await shuffled([2, 5, 4, 3, 1, 0])).toEqual(expected);
  });

  it('lets a frame take an answer still being computed, and does not wait for it to decide the next', async () => {
    const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: 10 });
    let finish: (n: number) => void = () => undefined;
    const slow = new Promise<number>((resolve) => (finish = resolve));
    const first = answers.answer(0, still, () => slow);
    const second = answers.answer(1, still, () => Promise.resolve(99));
    const third = answers.answer(2, changed, () => Promise.resolve(3));
    expect(await third).toBe(3);
    finish(7);
    expect([await first, await second]).toEqual([7, 7]);
  });

  it('passes the turn of a frame that does not need the model', async () => {
    const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: 10 });
    const later = answers.answer(2, still, () => Promise.resolve(2));
    void answers.pass(1);
    await answers.answer(0, still, () => Promise.resolve(0));
    expect(await later).toBe(0);
  });

  it("gives a failed run's error to every frame that took it", async () => {
    const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: 10 });
    await expect(answers.answer(0, still, () => Promise.reject(new Error('model failed')))).rejects.toThrow();
    await expect(answers.answer(1, still, () => Promise.resolve(7))).rejects.toThrow('model failed');
  });

  it('with a negative age never reuses (the pipeline before the cascade)', async () => {
    const answers = new RegionAnswers<number>({ ...options, maxAgeFrames: -1 });
    let runs = 0;
    for (let i = 0; i < 3; i++) await answers.answer(i, still, () => Promise.resolve(++runs));
    expect(runs).toBe(3);
  });
});
