import { useCallback, useEffect, useRef } from 'react';
import { postAction, type AttemptRef } from '../actions/lifecycle';
import { agentSignalFields, AgentLostWatch, type AgentLostSignal } from './agent-lost';
import type { AgentState } from './agent-state';

/** How often an absence is looked at for its heartbeats (the condition sends one every 5 s). */
const TICK_MS = 1_000;

/** Posts one of the watch's signals as the page's other conditions are posted (the action queue). */
export function postAgentSignal(attempt: AttemptRef, signal: AgentLostSignal): void {
  const { action_type, ...fields } = agentSignalFields(signal);
  postAction(attempt, action_type, fields);
}

/**
 * Records the agent's absence during an agent-only attempt (agent-lost.ts) while `active` (the exam
 * itself is shown and the assignment requires the agent): `onLost` tells the student when it begins.
 * Returns `close`, called before the attempt finishes, so the absence ends before the session does.
 */
export function useAgentLost(
  active: boolean,
  state: AgentState,
  attempt: AttemptRef,
  onLost: (actionType: string) => void,
): () => void {
  const watch = useRef<AgentLostWatch | undefined>(undefined);
  const { assignment_id, assignment_attempt_id } = attempt;
  const post = useCallback(
    (signals: AgentLostSignal[]) => {
      for (const signal of signals) {
        postAgentSignal({ assignment_id, assignment_attempt_id }, signal);
        if (signal.action_type === 'device_agent_lost' && signal.condition.phase === 'begin')
          onLost(signal.action_type);
      }
    },
    [assignment_id, assignment_attempt_id, onLost],
  );
  useEffect(() => {
    if (!active) return;
    const own = new AgentLostWatch();
    watch.current = own;
    const timer = setInterval(() => post(own.tick(Date.now())), TICK_MS);
    return () => {
      clearInterval(timer);
      post(own.close(Date.now()));
      if (watch.current === own) watch.current = undefined;
    };
  }, [active, post]);
  useEffect(() => {
    if (watch.current) post(watch.current.observe(state, Date.now()));
  }, [state, post]);
  return useCallback(() => {
    if (watch.current) post(watch.current.close(Date.now()));
  }, [post]);
}
