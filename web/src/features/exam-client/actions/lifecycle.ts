import type { ConditionPhase, ProctoringActionType } from '@sabaq/events';
import { actionSender } from './action-sender';

export interface AttemptRef {
  assignment_id: string;
  assignment_attempt_id: string;
}

/** Posts one of the student's actions through the queue; the answer is the client id it carries. */
export function postAction(
  attempt: AttemptRef,
  action_type: ProctoringActionType,
  extra: {
    description?: string;
    screenshot?: string;
    webinar_session_id?: string;
    condition_id?: string;
    condition_phase?: ConditionPhase;
    created_at?: string;
  } = {},
): string {
  return actionSender.send({ ...attempt, action_type, ...extra }).id;
}
