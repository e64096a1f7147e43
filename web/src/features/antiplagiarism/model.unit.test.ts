import { describe, expect, it } from 'vitest';
import { segmentsOf } from './model';

describe('segmentsOf', () => {
  it('cuts a text into plain and marked stretches', () => {
    expect(segmentsOf('один два три', [{ start: 5, end: 8 }])).toEqual([
      { text: 'один ', marked: false },
      { text: 'два', marked: true },
      { text: ' три', marked: false },
    ]);
  });
  it('joins overlapping and unsorted ranges and clips those beyond the text', () => {
    expect(
      segmentsOf('abcdefgh', [
        { start: 4, end: 20 },
        { start: 0, end: 2 },
        { start: 1, end: 3 },
      ]),
    ).toEqual([
      { text: 'abc', marked: true },
      { text: 'd', marked: false },
      { text: 'efgh', marked: true },
    ]);
  });
});
