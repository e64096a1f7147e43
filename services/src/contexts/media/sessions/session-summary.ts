export interface SessionForSummary {
  state: string | null;
  /** Ready records of the session. */
  records: number;
  duration: number | null;
}

/**
 * Specification 001 §4: a group of sessions (one attempt's cameras and screen) has video if any session
 * is converted or has a record; the total duration sums only the converted sessions.
 */
export function summariseSessions(sessions: readonly SessionForSummary[]) {
  const converted = sessions.filter((s) => s.state === 'converted');
  return {
    sessions: sessions.length,
    has_video: sessions.some((s) => s.state === 'converted' || s.records > 0),
    total_duration: Math.round(converted.reduce((sum, s) => sum + (s.duration ?? 0), 0) * 1000) / 1000,
  };
}
