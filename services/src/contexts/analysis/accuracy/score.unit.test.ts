import { describe, expect, it } from 'vitest';
import type { DetectedInterval } from '../anomalies';
import type { TimedSegment } from '../test-video';
import { pooledScores, scoreDetectors } from './score';

const segment = (start: number, end: number, over: Partial<TimedSegment> = {}): TimedSegment => ({
  name: `${start}`,
  expect: [],
  video: [],
  filter: 'null',
  audio: '',
  start,
  end,
  ...over,
});
const found = (type: DetectedInterval['type'], start: number, end: number): DetectedInterval => ({
  type,
  start,
  end,
  confidence: 1,
  peak: 1,
  samples: 2,
});
const scoreOf = (scores: ReturnType<typeof scoreDetectors>, type: string) =>
  scores.find((s) => s.type === type)!;

describe('precision and recall over time', () => {
  const segments = [
    segment(0, 6),
    segment(6, 12, { expect: ['speech'], truth: { speech: { start: 6, end: 10 } } }),
    segment(12, 18, { expect: ['noise'] }),
    segment(18, 24),
  ];

  it('forgives a boundary within the collar and counts what lies beyond it', () => {
    // Speech heard from 6.5 to 10.5 (within 1 s of the voice's 6–10); noise 5 s late and 2 s too long.
    const scores = scoreDetectors(segments, [found('speech', 6.5, 10.5), found('noise', 17, 20)]);
    expect(scoreOf(scores, 'speech')).toMatchObject({ precision: 1, recall: 1, truthSeconds: 4 });
    // Noise: 2 of its 3 reported seconds within the collar of 12–18 (17–19); of 12–18 only 16–18 found.
    expect(scoreOf(scores, 'noise')).toMatchObject({ precision: 0.67, recall: 0.33 });
  });

  it('leaves precision out when nothing was reported and recall when there is no truth', () => {
    const scores = scoreDetectors(segments, [found('many_faces', 0, 3)]);
    expect(scoreOf(scores, 'many_faces')).toMatchObject({ precision: 0, recall: null, reportedSeconds: 3 });
    expect(scoreOf(scores, 'speech')).toMatchObject({ precision: null, recall: 0 });
    expect(scoreOf(scores, 'eye_away')).toMatchObject({ precision: null, recall: null });
  });

  it('pools recordings by their seconds', () => {
    const a = scoreDetectors(segments, [found('speech', 6, 10)]);
    const b = scoreDetectors(segments, []);
    expect(scoreOf(pooledScores([a, b]), 'speech')).toMatchObject({ recall: 0.5, precision: 1 });
  });
});
