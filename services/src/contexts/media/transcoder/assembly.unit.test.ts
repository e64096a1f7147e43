import { describe, expect, it } from 'vitest';
import { planAssembly, progressSampler } from './assembly';
import { renditionsFor } from './ladder';
import { seconds } from './ffmpeg';

const chunk = (name: string, readable: boolean) => ({ name, readable, duration: readable ? 5 : null });

describe('assembling chunks', () => {
  it('joins standalone chunks with the concat demuxer and recorder timeslices as bytes', () => {
    expect(planAssembly([chunk('1', true), chunk('2', true)])).toEqual({ kind: 'concat-files' });
    expect(planAssembly([chunk('1', true), chunk('2', false), chunk('3', false)])).toEqual({
      kind: 'join-bytes',
    });
    expect(planAssembly([chunk('1', true)])).toEqual({ kind: 'concat-files' });
  });

  it('names the first broken chunk', () => {
    expect(planAssembly([chunk('1', true), chunk('2', true), chunk('3', false), chunk('4', true)])).toEqual({
      kind: 'unreadable',
      reason: 'Chunk 3 is not readable',
    });
    expect(planAssembly([chunk('1', false), chunk('2', true)])).toEqual({
      kind: 'unreadable',
      reason: 'Chunk 1 is not readable',
    });
    expect(planAssembly([])).toMatchObject({ kind: 'unreadable' });
  });
});

describe('progress', () => {
  it('is sampled in steps and never reaches 100 before the end', () => {
    const seen: number[] = [];
    const sample = progressSampler(120, 10, (p) => seen.push(p));
    for (let t = 0; t <= 130; t += 3) sample(t);
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
  });

  it('reads ffmpeg timemarks', () => {
    expect(seconds('00:01:02.50')).toBe(62.5);
    expect(seconds('N/A')).toBe(0);
  });
});

describe('renditions', () => {
  it('takes the two lowest rungs always, higher ones the source reaches, three at most', () => {
    expect(renditionsFor({ width: 320, height: 240 }).map((r) => r.name)).toEqual(['lowres', 'stdres']);
    expect(
      renditionsFor({ width: 1920, height: 1080 }).map((r) => `${r.name} ${r.width}x${r.height}`),
    ).toEqual(['lowres 426x240', 'stdres 854x480', 'hires 1280x720']);
  });
});
