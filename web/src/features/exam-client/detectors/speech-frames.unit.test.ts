import { DEFAULT_PROCTORING_SETTINGS } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { Framer, SpeechVerdict, SpeechWindow, speechRule, To16k } from './speech-frames';

describe('the microphone brought to 16 kHz frames', () => {
  it('turns 48 kHz into a third as many samples, seamlessly across blocks of any size', () => {
    const tone = Float32Array.from({ length: 48_000 }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const whole = new To16k(48_000).push(tone);
    const pieces = new To16k(48_000);
    const joined: number[] = [];
    for (let at = 0; at < tone.length; at += 128) joined.push(...pieces.push(tone.subarray(at, at + 128)));
    expect(whole.length).toBe(16_000);
    expect(joined.length).toBe(16_000);
    expect(Math.max(...joined.map((v, i) => Math.abs(v - whole[i]!)))).toBeLessThan(1e-6);
    // A 440 Hz tone stays a 440 Hz tone: about 440 rising zero crossings in a second.
    let crossings = 0;
    for (let i = 1; i < whole.length; i++) if (whole[i - 1]! < 0 && whole[i]! >= 0) crossings += 1;
    expect(crossings).toBeGreaterThanOrEqual(438);
    expect(crossings).toBeLessThanOrEqual(441);
  });

  it('handles 44.1 kHz (a fractional ratio) and refuses rates below 16 kHz', () => {
    const out = new To16k(44_100).push(new Float32Array(44_100).fill(0.5));
    expect(out.length).toBeGreaterThanOrEqual(15_999);
    expect(out.length).toBeLessThanOrEqual(16_000);
    expect(out.every((v) => Math.abs(v - 0.5) < 1e-6)).toBe(true);
    expect(() => new To16k(8_000)).toThrow();
  });

  it('cuts whole 512-sample frames and keeps the rest for the next block', () => {
    const framer = new Framer();
    expect(framer.push(new Float32Array(500))).toHaveLength(0);
    const frames = framer.push(Float32Array.from({ length: 100 }, (_, i) => i));
    expect(frames).toHaveLength(1);
    expect(frames[0]![500]).toBe(0);
    expect(frames[0]![511]).toBe(11);
    // 88 kept, with 1,000 more: two frames.
    expect(framer.push(new Float32Array(1_000))).toHaveLength(2);
  });
});

describe('speech windows and the sustained rule', () => {
  it('reads the rule from the settings with the specification defaults', () => {
    expect(speechRule(DEFAULT_PROCTORING_SETTINGS)).toEqual({
      threshold: 0.9,
      minFrames: 5,
      toleranceMs: 1_500,
    });
    expect(
      speechRule({ speech: { positive_threshold: 2, min_frames: 99 }, speech_tolerance: 3_000 }),
    ).toEqual({
      threshold: 0.9,
      minFrames: 31,
      toleranceMs: 3_000,
    });
  });

  it('is speaking with at least min_frames confident frames in the last second, not for a click', () => {
    const window = new SpeechWindow({ threshold: 0.9, minFrames: 5 });
    for (const p of [0.95, 0.97, 0.1, 0.1]) window.push(p);
    expect(window.speaking).toBe(false);
    for (const p of [0.92, 0.99, 0.91]) window.push(p);
    expect(window.speaking).toBe(true);
    expect(window.peak).toBe(0.99);
    // A second of silence later the old frames have left the window.
    for (let i = 0; i < 31; i++) window.push(0.02);
    expect(window.speaking).toBe(false);
  });

  it('posts speech lasting the tolerance as a noise condition described as speech', () => {
    const verdict = new SpeechVerdict(1_500, () => 's1');
    const at = (ms: number, speaking: boolean) => verdict.update(speaking, 0.97, ms);
    expect([0, 256, 512, 768, 1_024, 1_280].flatMap((ms) => at(ms, true))).toEqual([]);
    expect(at(1_536, true)).toEqual([
      {
        action_type: 'noise',
        description: 'speech, probability 0.97',
        warning: 'speech',
        condition: { id: 's1', phase: 'begin', at: 0 },
      },
    ]);
    expect(at(1_792, true)).toEqual([]);
    // A pause shorter than the tolerance goes on; a longer one ends it when the speech stopped.
    expect(at(2_048, false)).toEqual([]);
    expect(at(2_304, true)).toEqual([]);
    expect(at(2_560, false)).toEqual([]);
    expect(at(4_096, false).map((s) => s.condition)).toEqual([{ id: 's1', phase: 'end', at: 2_560 }]);
    expect(verdict.close(5_000)).toEqual([]);
  });
});
