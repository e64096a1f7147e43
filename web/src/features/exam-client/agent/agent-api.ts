import { deviceAgentTokenAnswer } from '@sabaq/events';
import { api, isApiError } from '../../../shared/api';
import { TokenRefused, type AgentToken } from './agent-connection';

/**
 * `POST /api/device-agent/token.json`: a short-lived token for this student's attempt (before the
 * start there is no attempt yet: the token is then for the assignment). A refusal carries the
 * platform's message, shown as the agent's `refused` state.
 */
export async function requestAgentToken(assignmentId: string, attemptId: string | null): Promise<AgentToken> {
  try {
    const answer = await api.post<{ entity: unknown }>(
      '/api/device-agent/token.json',
      attemptId ? { assignment_attempt_id: attemptId } : { assignment_id: assignmentId },
    );
    return deviceAgentTokenAnswer.parse(answer.entity);
  } catch (error) {
    if (isApiError(error)) throw new TokenRefused(error.fieldError('assignment_attempt_id') ?? error.message);
    throw error;
  }
}
