import { describe, expect, it } from 'vitest';
import { cameraState, LOST_AFTER_SECONDS, type PresenceRow } from './presence-table';

const now = new Date('2026-11-24T10:00:00Z');
const row = (changes: Partial<PresenceRow>): PresenceRow => ({
  webinar_session_id: 's1',
  assignment_attempt_id: 'a1',
  school_id: 'school',
  state: 'open',
  opened_at: new Date(now.getTime() - 60_000),
  last_seen_at: now,
  closed_at: null,
  ...changes,
});

describe("the phone camera's state as the exam sees it", () => {
  it('waits for a phone, is live while it beats, lost after three missed beats, closed when it said so', () => {
    expect(cameraState(undefined, now)).toBe('waiting');
    expect(cameraState(row({}), now)).toBe('live');
    const edge = new Date(now.getTime() - LOST_AFTER_SECONDS * 1000);
    expect(cameraState(row({ last_seen_at: edge }), now)).toBe('live');
    expect(cameraState(row({ last_seen_at: new Date(edge.getTime() - 1) }), now)).toBe('lost');
    expect(cameraState(row({ state: 'closed', closed_at: now }), now)).toBe('closed');
  });
});
