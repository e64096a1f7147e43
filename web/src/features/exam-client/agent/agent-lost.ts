import type { DeviceFindingKind } from '@sabaq/events';
import { Condition, type ConditionReport } from '../checks/condition';
import type { AgentCondition, AgentState } from './agent-state';

/** The warning recorded while the agent an agent-only attempt requires is not connected. */
export const AGENT_LOST = 'device_agent_lost';

/** One action the page posts about the agent: a phase of `device_agent_lost`, or the end of the agent's own. */
export interface AgentLostSignal {
  action_type: typeof AGENT_LOST | DeviceFindingKind;
  description?: string;
  condition: ConditionReport;
}

/**
 * A signal as the fields of the student's action (beside the attempt and the client id), posted as the
 * page's other conditions are: the condition's own time, when the agent went or came back, not when
 * the queue sent it.
 */
export function agentSignalFields(signal: AgentLostSignal) {
  return {
    action_type: signal.action_type,
    ...(signal.description ? { description: signal.description } : {}),
    condition_id: signal.condition.id,
    condition_phase: signal.condition.phase,
    created_at: new Date(signal.condition.at).toISOString(),
  };
}

/**
 * Whether the state says the agent is away (missing, outdated, refused), watching (connected), or
 * tells nothing new (idle, connecting): a missing agent is looked for again every few seconds, and the
 * `connecting` between two looks must neither end nor split the interval.
 */
export function agentAway(state: AgentState): boolean | null {
  switch (state.kind) {
    case 'connected':
      return false;
    case 'missing':
    case 'outdated':
    case 'refused':
      return true;
    case 'idle':
    case 'connecting':
      return null;
  }
}

/**
 * The exam page's record of the agent's absence (docs/device-agent.md, "When the agent goes away"):
 * `device_agent_lost` begins when the agent is away (at once: a loopback socket that closes is no
 * blip), has heartbeats while it stays away and ends when the agent is back. When a connected agent
 * goes, the conditions it had open are ended at that moment by the page, since the agent cannot end
 * them itself (killed, crashed); from then on the absence is what the timeline shows. Pure but for its
 * memory: the caller feeds states and ticks and posts what comes back.
 */
export class AgentLostWatch {
  private readonly lost: Condition;
  private away = false;
  private agentOpen: AgentCondition[] = [];

  constructor(newId: () => string = () => crypto.randomUUID()) {
    this.lost = new Condition(0, newId);
  }

  /** A new agent state at `now`. */
  observe(state: AgentState, now: number): AgentLostSignal[] {
    const away = agentAway(state) ?? this.away;
    const signals: AgentLostSignal[] = [];
    if (state.kind === 'connected') this.agentOpen = state.conditions;
    if (away && !this.away) {
      for (const open of this.agentOpen) {
        signals.push({
          action_type: open.kind,
          description: open.detail,
          condition: { id: open.condition_id, phase: 'end', at: now },
        });
      }
      this.agentOpen = [];
    }
    this.away = away;
    return [...signals, ...this.phases(this.lost.update(away, now))];
  }

  /** Time passes (heartbeats while the agent stays away). */
  tick(now: number): AgentLostSignal[] {
    return this.phases(this.lost.update(this.away, now));
  }

  /** The exam is over: an absence still open ends now (the agent's own conditions end with its `bye`). */
  close(now: number): AgentLostSignal[] {
    this.away = false;
    return this.phases(this.lost.close(now));
  }

  get isAway(): boolean {
    return this.away;
  }

  private phases(reports: ConditionReport[]): AgentLostSignal[] {
    return reports.map((condition) => ({ action_type: AGENT_LOST, condition }));
  }
}
