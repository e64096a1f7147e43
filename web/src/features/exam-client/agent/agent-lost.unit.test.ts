import { describe, expect, it } from 'vitest';
import type { DeviceFinding } from '@sabaq/events';
import { AGENT_LOST, AgentLostWatch, agentAway } from './agent-lost';
import type { AgentState } from './agent-state';

const anydesk: DeviceFinding = {
  kind: 'prohibited_process',
  key: 'anydesk',
  detail: 'anydesk (удалённый рабочий стол)',
};
const connected = (conditions: { condition_id: string; finding: DeviceFinding }[] = []): AgentState => ({
  kind: 'connected',
  version: '0.1.0',
  report: null,
  findings: conditions.map((c) => c.finding),
  conditions: conditions.map((c) => ({ ...c.finding, condition_id: c.condition_id })),
});
const missing: AgentState = { kind: 'missing' };
const connecting: AgentState = { kind: 'connecting' };

function watch() {
  let n = 0;
  return new AgentLostWatch(() => `lost-${++n}`);
}

describe('the agent’s absence during an agent-only attempt', () => {
  it('tells away from watching, and leaves idle and connecting undecided', () => {
    expect(agentAway(connected())).toBe(false);
    expect(agentAway(missing)).toBe(true);
    expect(agentAway({ kind: 'outdated', version: '0.0.1', minVersion: '0.1.0' })).toBe(true);
    expect(agentAway({ kind: 'refused', reason: 'token_expired', message: 'x' })).toBe(true);
    expect(agentAway(connecting)).toBeNull();
    expect(agentAway({ kind: 'idle' })).toBeNull();
  });

  it('begins when a connected agent is lost, ending the agent’s open conditions there, and ends when it is back', () => {
    const w = watch();
    expect(w.observe(connecting, 1_000)).toEqual([]);
    expect(w.observe(connected(), 2_000)).toEqual([]);
    // The agent found a prohibited program and told the page its condition's id.
    expect(w.observe(connected([{ condition_id: 'da-x-1', finding: anydesk }]), 3_000)).toEqual([]);

    // Killed: the socket closes, the page is missing the agent.
    expect(w.observe(missing, 10_000)).toEqual([
      {
        action_type: 'prohibited_process',
        description: anydesk.detail,
        condition: { id: 'da-x-1', phase: 'end', at: 10_000 },
      },
      { action_type: AGENT_LOST, condition: { id: 'lost-1', phase: 'begin', at: 10_000 } },
    ]);
    expect(w.isAway).toBe(true);
    // Looked for again every few seconds: connecting between two looks neither ends nor splits it.
    expect(w.observe(connecting, 14_000)).toEqual([]);
    expect(w.observe(missing, 14_050)).toEqual([]);
    // Heartbeats while it stays away.
    expect(w.tick(15_000)).toEqual([
      { action_type: AGENT_LOST, condition: { id: 'lost-1', phase: 'heartbeat', at: 15_000 } },
    ]);
    expect(w.tick(16_000)).toEqual([]);
    expect(w.observe(connecting, 18_000)).toEqual([]);
    // Restarted: the welcome ends the absence; the agent's old condition is not ended twice.
    expect(w.observe(connected(), 18_200)).toEqual([
      { action_type: AGENT_LOST, condition: { id: 'lost-1', phase: 'end', at: 18_200 } },
    ]);
    expect(w.tick(30_000)).toEqual([]);
    // Lost again later: a new interval with its own id, nothing of the agent's left to end.
    expect(w.observe(missing, 40_000)).toEqual([
      { action_type: AGENT_LOST, condition: { id: 'lost-2', phase: 'begin', at: 40_000 } },
    ]);
  });

  it('counts an agent never found on the exam page as lost, and ends the absence with the exam', () => {
    const w = watch();
    w.observe(connecting, 1_000);
    expect(w.observe(missing, 1_500)).toEqual([
      { action_type: AGENT_LOST, condition: { id: 'lost-1', phase: 'begin', at: 1_500 } },
    ]);
    expect(w.close(9_000)).toEqual([
      { action_type: AGENT_LOST, condition: { id: 'lost-1', phase: 'end', at: 9_000 } },
    ]);
    // Closed once: the page leaving after the finish adds nothing.
    expect(w.close(9_500)).toEqual([]);
    expect(w.observe({ kind: 'idle' }, 9_600)).toEqual([]);
  });

  it('leaves an agent that says bye alone: a finished exam is no absence', () => {
    const w = watch();
    w.observe(connected([{ condition_id: 'da-x-1', finding: anydesk }]), 1_000);
    expect(w.close(5_000)).toEqual([]);
    expect(w.observe({ kind: 'idle' }, 5_100)).toEqual([]);
  });
});
