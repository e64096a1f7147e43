import { describe, expect, it } from 'vitest';
import { buildTimeline, type TimelineSignal } from './build-timeline';
import { durationClass, durationText } from './duration';
import { mergeRuleFor, timelineSettings } from './tolerances';

const T0 = Date.parse('2026-05-20T09:00:00.000Z');
const defaults = timelineSettings(undefined);
let n = 0;
const signal = (type: string, ms: number, source: TimelineSignal['source'] = 'client'): TimelineSignal => ({
  id: `e${++n}`,
  type,
  at: T0 + ms,
  source,
});

describe('durations', () => {
  it('class seconds up to 60 s, minutes up to 3600 s, hours above', () => {
    expect([0, 60, 61, 3600, 3601].map(durationClass)).toEqual([
      'seconds',
      'seconds',
      'minutes',
      'minutes',
      'hours',
    ]);
  });
  it('show as HH:mm:ss without wrapping days', () => {
    expect(durationText(0)).toBe('00:00:00');
    expect(durationText(59.6)).toBe('00:01:00');
    expect(durationText(3725)).toBe('01:02:05');
    expect(durationText(49 * 3600)).toBe('49:00:00');
  });
});

describe('merge rules from the proctoring settings', () => {
  it('read the specification’s defaults as milliseconds', () => {
    expect(mergeRuleFor('head_turned', defaults)).toEqual({ gapMs: 1500, minSignals: 1 });
    expect(mergeRuleFor('focus_lost', defaults)).toEqual({ gapMs: 1500, minSignals: 1 });
    expect(mergeRuleFor('noise', defaults)).toEqual({ gapMs: 1500, minSignals: 3 });
    expect(mergeRuleFor('microphone_silent', defaults)).toEqual({ gapMs: 1500, minSignals: 1 });
  });
  it('take an assignment’s own tolerances and ignore malformed ones', () => {
    const own = timelineSettings({
      head_tolerance: 4000,
      focus_tolerance: -1 as never,
      noise_tolerance: { frames: 5, time: 2500 },
    });
    expect(mergeRuleFor('face_missing', own).gapMs).toBe(4000);
    expect(mergeRuleFor('focus_lost', own).gapMs).toBe(1500);
    expect(mergeRuleFor('noise', own)).toEqual({ gapMs: 2500, minSignals: 5 });
  });
});

describe('the timeline', () => {
  it('merges signals of one type at most the tolerance apart and splits at a longer gap', () => {
    const timeline = buildTimeline(
      [
        signal('head_turned', 0),
        signal('head_turned', 1500),
        signal('head_turned', 3000),
        signal('head_turned', 4501),
      ],
      defaults,
    );
    expect(timeline.violations.map((i) => [i.start, i.end, i.signals, i.duration])).toEqual([
      ['2026-05-20T09:00:00.000Z', '2026-05-20T09:00:03.000Z', 3, 3],
      ['2026-05-20T09:00:04.501Z', '2026-05-20T09:00:04.501Z', 1, 0],
    ]);
  });

  it('puts out-of-order arrivals in place and counts a retried id once', () => {
    const a = signal('focus_lost', 0);
    const b = signal('focus_lost', 1000);
    const c = signal('focus_lost', 2000);
    const timeline = buildTimeline([c, a, b, { ...b }], defaults);
    expect(timeline.violations).toHaveLength(1);
    expect(timeline.violations[0]).toMatchObject({ signals: 3, duration: 2, key: `focus_lost:${T0}` });
  });

  it('keeps types apart, warnings apart from violations, and leaves proctor and lifecycle actions out', () => {
    const timeline = buildTimeline(
      [
        signal('face_missing', 0),
        signal('many_faces', 500),
        signal('internet_lost', 200),
        signal('internet_lost', 1200),
        signal('proctor_warning', 300, 'proctor'),
        signal('session_started', 0),
      ],
      defaults,
    );
    expect(timeline.violations.map((i) => i.type)).toEqual(['face_missing', 'many_faces']);
    expect(timeline.warnings.map((i) => [i.type, i.kind, i.signals])).toEqual([
      ['internet_lost', 'warning', 2],
    ]);
  });

  it('drops noise seen in fewer frames than noise_tolerance.frames', () => {
    const timeline = buildTimeline(
      [
        signal('noise', 0),
        signal('noise', 1000),
        signal('noise', 10_000),
        signal('noise', 11_000),
        signal('noise', 12_000),
      ],
      defaults,
    );
    expect(timeline.violations.map((i) => [i.signals, i.duration])).toEqual([[3, 2]]);
    expect(timeline.dropped).toBe(2);
  });

  it('lists the sources that saw an interval and classes long intervals', () => {
    const signals = [signal('face_missing', 0, 'server')];
    for (let s = 1; s <= 90; s += 1)
      signals.push(signal('face_missing', s * 1000, s === 45 ? 'proctor' : 'client'));
    const [interval] = buildTimeline(signals, defaults).violations;
    expect(interval).toMatchObject({
      sources: ['client', 'server', 'proctor'],
      duration: 90,
      duration_class: 'minutes',
      duration_text: '00:01:30',
    });
  });

  it('attaches the latest review whose span overlaps the interval, even after the interval grew', () => {
    const reviewed = {
      actionType: 'focus_lost',
      start: T0,
      end: T0 + 1000,
      reviewerId: 'p1',
      reviewedAt: 'x',
    };
    const timeline = buildTimeline(
      [
        signal('focus_lost', 0),
        signal('focus_lost', 1000),
        signal('focus_lost', 2000),
        signal('focus_lost', 60_000),
      ],
      defaults,
      [
        { ...reviewed, decision: 'confirmed', note: null },
        { ...reviewed, decision: 'dismissed', note: 'окно чата поддержки' },
      ],
    );
    expect(timeline.violations.map((i) => i.review?.decision ?? null)).toEqual(['dismissed', null]);
    expect(timeline.violations[0]!.review?.note).toBe('окно чата поддержки');
  });
});
