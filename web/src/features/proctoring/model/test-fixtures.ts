import { durationClassOf, formatClock } from './duration';
import type { ProctoringAction, TimelineInterval } from './types';

// Timeline intervals and actions of one attempt, built as the server answers them, for the model's tests.
export const T0 = Date.parse('2026-03-01T09:00:00.000Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

export function interval(
  fields: Partial<TimelineInterval> & { type: string; from: number; to: number },
): TimelineInterval {
  const { from, to, ...rest } = fields;
  return {
    key: `${fields.type}:${from}`,
    kind: 'violation',
    start: at(from),
    end: at(to),
    duration: to - from,
    duration_class: durationClassOf(to - from),
    duration_text: formatClock(to - from),
    signals: 2,
    sources: ['client'],
    review: null,
    ...rest,
  };
}

let nextId = 0;
export function action(
  fields: Partial<ProctoringAction> & { action_type: string; second: number },
): ProctoringAction {
  const { second, ...rest } = fields;
  nextId += 1;
  return {
    id: `a-${nextId}`,
    assignment_id: 'as-1',
    assignment_attempt_id: 'at-1',
    student_id: 'st-1',
    initiator_id: null,
    webinar_session_id: null,
    is_warning: false,
    is_archived: false,
    description: null,
    source: 'client',
    screenshot: null,
    screenshots: [],
    screenshot_urls: [],
    created_at: at(second),
    ...rest,
  };
}
