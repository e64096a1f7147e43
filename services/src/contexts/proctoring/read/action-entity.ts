import type { ProctoringAction, ProctoringActionRecordedData } from '@sabaq/events';
import { screenshotPath } from './screenshot';

/**
 * A just-recorded action in the contract's shape (events/src/contracts/proctoring-actions.ts): the
 * POST's answer and the live feed's push are both built here, so they cannot drift apart. Without
 * `diff`, which only a list can compute.
 */
export function recordedAction(
  id: string,
  data: ProctoringActionRecordedData,
  occurredAt: string | null,
): ProctoringAction {
  return {
    id,
    assignment_id: data.assignmentId,
    assignment_attempt_id: data.attemptId,
    student_id: data.studentId,
    initiator_id: data.initiatorId,
    webinar_session_id: data.webinarSessionId,
    action_type: data.actionType,
    is_warning: data.isWarning,
    is_archived: false,
    description: data.description,
    source: data.source,
    screenshot: data.screenshots[0] ?? null,
    screenshots: data.screenshots,
    screenshot_urls: data.screenshots.map((_, index) => screenshotPath(id, index)),
    condition_id: data.condition?.id ?? null,
    condition_phase: data.condition?.phase ?? null,
    created_at: occurredAt,
  };
}
