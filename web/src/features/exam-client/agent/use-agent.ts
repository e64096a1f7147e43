import { useEffect, useRef, useState } from 'react';
import { requestAgentToken } from './agent-api';
import { AgentConnection } from './agent-connection';
import { AGENT_IDLE, type AgentState } from './agent-state';

/**
 * The agent's connection for as long as the calling screen is shown, when `wanted` (the assignment
 * requires the agent); otherwise nothing is opened and the state stays `idle`. The connection is kept
 * in `connection` so the exam page can say `bye` when the attempt finishes.
 */
export function useAgent(wanted: boolean, assignmentId: string, attemptId: string | null) {
  const [state, setState] = useState<AgentState>(AGENT_IDLE);
  const connection = useRef<AgentConnection | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    const agent = new AgentConnection(() => requestAgentToken(assignmentId, attemptId), setState);
    connection.current = agent;
    agent.start();
    return () => {
      agent.stop(false);
      if (connection.current === agent) connection.current = undefined;
      setState(AGENT_IDLE);
    };
  }, [wanted, assignmentId, attemptId]);
  return { state, connection };
}
