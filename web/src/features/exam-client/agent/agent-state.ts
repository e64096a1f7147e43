import type { AgentServerFrame, DeviceFinding, DeviceReport } from '@sabaq/events';

/** A condition the agent has open, with its id (the page ends it should the agent go away). */
export type AgentCondition = DeviceFinding & { condition_id: string };
import { isOutdated } from './agent-version';

/**
 * Where the page stands with the local agent, as the equipment check and the exam page show it:
 * - `idle`: not asked for (the assignment does not use the agent);
 * - `connecting`: a token is being fetched or the socket is opening;
 * - `connected`: the agent welcomed the token; its report and findings come as they arrive;
 * - `missing`: no agent answered on the port (not running, or its certificate not trusted yet);
 * - `outdated`: the agent answered but is older than the platform accepts;
 * - `refused`: the agent refused the token (or the platform refused to issue one).
 */
export type AgentState =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | {
      kind: 'connected';
      version: string;
      report: DeviceReport | null;
      findings: DeviceFinding[];
      /** The agent's open conditions as its last findings frame named them. */
      conditions: AgentCondition[];
    }
  | { kind: 'missing' }
  | { kind: 'outdated'; version: string; minVersion: string }
  | { kind: 'refused'; reason: string; message: string };

export type AgentEvent =
  | { type: 'connect' }
  | { type: 'token_refused'; message: string }
  | { type: 'socket_failed' }
  | { type: 'frame'; frame: AgentServerFrame; minVersion: string };

export const AGENT_IDLE: AgentState = { kind: 'idle' };

/** The next state after one event; frames that do not fit the state (a late report) are ignored. */
export function nextAgentState(state: AgentState, event: AgentEvent): AgentState {
  switch (event.type) {
    case 'connect':
      return { kind: 'connecting' };
    case 'token_refused':
      return { kind: 'refused', reason: 'token', message: event.message };
    case 'socket_failed':
      // A refusal or an outdated agent closes the socket too: its reason stays on screen.
      return state.kind === 'refused' || state.kind === 'outdated' ? state : { kind: 'missing' };
    case 'frame':
      return onFrame(state, event.frame, event.minVersion);
  }
}

function onFrame(state: AgentState, frame: AgentServerFrame, minVersion: string): AgentState {
  switch (frame.type) {
    case 'welcome':
      if (isOutdated(frame.agent_version, minVersion)) {
        return { kind: 'outdated', version: frame.agent_version, minVersion };
      }
      return { kind: 'connected', version: frame.agent_version, report: null, findings: [], conditions: [] };
    case 'refused':
      return { kind: 'refused', reason: frame.reason, message: frame.message };
    case 'report':
      if (state.kind !== 'connected') return state;
      return { ...state, report: frame.report, findings: frame.report.findings };
    case 'findings':
      if (state.kind !== 'connected') return state;
      return { ...state, findings: frame.findings, conditions: frame.conditions ?? [] };
  }
}

/** The attempt may start with the agent only once it welcomed the page and sent its first report. */
export const agentReady = (state: AgentState) => state.kind === 'connected' && state.report !== null;
