import { describe, expect, it } from 'vitest';
import { summariseSessions } from './session-summary';

describe('a group of sessions', () => {
  it('has video when any session is converted or has a record', () => {
    expect(summariseSessions([]).has_video).toBe(false);
    expect(summariseSessions([{ state: 'failure', records: 0, duration: null }]).has_video).toBe(false);
    expect(summariseSessions([{ state: 'failure', records: 1, duration: 30 }]).has_video).toBe(true);
    expect(summariseSessions([{ state: 'converted', records: 0, duration: 30 }]).has_video).toBe(true);
  });

  it('sums the duration of converted sessions only', () => {
    expect(
      summariseSessions([
        { state: 'converted', records: 1, duration: 120.5 },
        { state: 'failure', records: 1, duration: 60 },
        { state: 'converted', records: 1, duration: 10.25 },
        { state: null, records: 0, duration: null },
      ]),
    ).toEqual({ sessions: 4, has_video: true, total_duration: 130.75 });
  });
});
