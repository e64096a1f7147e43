import { describe, expect, it } from 'vitest';
import type { DeviceFinding, DeviceReport } from '@sabaq/events';
import { agentReady, AGENT_IDLE, nextAgentState, type AgentEvent, type AgentState } from './agent-state';
import { compareVersions, isOutdated } from './agent-version';
import { findingChanges } from './finding-changes';

const anydesk: DeviceFinding = {
  kind: 'prohibited_process',
  key: 'anydesk',
  detail: 'anydesk (remote desktop)',
};
const stick: DeviceFinding = { kind: 'forbidden_usb_device', key: '0781:5567', detail: 'SanDisk Cruzer' };

const report = (findings: DeviceFinding[]): DeviceReport => ({
  agent_version: '0.1.0',
  os: { platform: 'linux', distro: 'Debian', release: '12', windows_version: null, hostname: 'desk-7' },
  remote_session: false,
  virtual_machine: false,
  screen_locked: null,
  unique_id: 'u-1',
  displays: [],
  usb_devices: [],
  processes: [],
  connections: null,
  full: false,
  findings,
});

const run = (events: AgentEvent[], from: AgentState = AGENT_IDLE) => events.reduce(nextAgentState, from);
const frame = (f: Extract<AgentEvent, { type: 'frame' }>['frame'], minVersion = '0.1.0'): AgentEvent => ({
  type: 'frame',
  frame: f,
  minVersion,
});

describe('agent versions', () => {
  it('compares number by number, not as text', () => {
    expect(compareVersions('0.10.0', '0.9.3')).toBe(1);
    expect(compareVersions('0.1.0', '0.1')).toBe(0);
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBe(0);
    expect(compareVersions('0.0.9', '0.1.0')).toBe(-1);
  });
  it('calls an agent older than the minimum outdated, the minimum itself not', () => {
    expect(isOutdated('0.0.9', '0.1.0')).toBe(true);
    expect(isOutdated('0.1.0', '0.1.0')).toBe(false);
  });
});

describe('the agent state from what happened', () => {
  it('is connected after welcome, ready only once the first report came', () => {
    const welcomed = run([
      { type: 'connect' },
      frame({ type: 'welcome', agent_version: '0.2.0', assignment_attempt_id: 'a' }),
    ]);
    expect(welcomed.kind).toBe('connected');
    expect(agentReady(welcomed)).toBe(false);
    const reported = nextAgentState(welcomed, frame({ type: 'report', report: report([anydesk]) }));
    expect(agentReady(reported)).toBe(true);
    expect(reported.kind === 'connected' && reported.findings).toEqual([anydesk]);
    const later = nextAgentState(
      reported,
      frame({ type: 'findings', at: '2026-01-01T00:00:00Z', findings: [] }),
    );
    expect(later.kind === 'connected' && later.findings).toEqual([]);
    // The open conditions' ids come with the findings (the page ends them if the agent goes away).
    const open = nextAgentState(
      later,
      frame({
        type: 'findings',
        at: '2026-01-01T00:00:02Z',
        findings: [anydesk],
        conditions: [{ ...anydesk, condition_id: 'da-1' }],
      }),
    );
    expect(open.kind === 'connected' && open.conditions).toEqual([{ ...anydesk, condition_id: 'da-1' }]);
    expect(later.kind === 'connected' && later.report?.os.hostname).toBe('desk-7');
  });

  it('is outdated when the welcome names a version under the minimum, and stays so when the socket closes', () => {
    const outdated = run([
      { type: 'connect' },
      frame({ type: 'welcome', agent_version: '0.0.5', assignment_attempt_id: 'a' }, '0.1.0'),
      { type: 'socket_failed' },
    ]);
    expect(outdated).toEqual({ kind: 'outdated', version: '0.0.5', minVersion: '0.1.0' });
    expect(agentReady(outdated)).toBe(false);
  });

  it('keeps the refusal on screen after the agent closes the socket', () => {
    const refused = run([
      { type: 'connect' },
      frame({ type: 'refused', reason: 'token_expired', message: 'expired' }),
      { type: 'socket_failed' },
    ]);
    expect(refused).toEqual({ kind: 'refused', reason: 'token_expired', message: 'expired' });
  });

  it('is missing when no agent answered, and a report without a welcome changes nothing', () => {
    const missing = run([{ type: 'connect' }, { type: 'socket_failed' }]);
    expect(missing.kind).toBe('missing');
    expect(nextAgentState(missing, frame({ type: 'report', report: report([]) }))).toBe(missing);
  });

  it('a connected agent that goes away is missing, not silently connected', () => {
    const gone = run([
      frame({ type: 'welcome', agent_version: '0.1.0', assignment_attempt_id: 'a' }),
      frame({ type: 'report', report: report([]) }),
      { type: 'socket_failed' },
    ]);
    expect(gone.kind).toBe('missing');
  });

  it('a platform that refuses the token is a refusal with its message', () => {
    expect(run([{ type: 'connect' }, { type: 'token_refused', message: 'Не ваша попытка' }])).toEqual({
      kind: 'refused',
      reason: 'token',
      message: 'Не ваша попытка',
    });
  });
});

describe('findings turned into begins and ends', () => {
  it('tells what began and what ended between two looks, by kind and key', () => {
    expect(findingChanges([], [anydesk])).toEqual({ began: [anydesk], ended: [] });
    expect(findingChanges([anydesk], [anydesk, stick])).toEqual({ began: [stick], ended: [] });
    expect(findingChanges([anydesk, stick], [stick])).toEqual({ began: [], ended: [anydesk] });
    // The same program under another detail is the same condition going on.
    expect(findingChanges([anydesk], [{ ...anydesk, detail: 'AnyDesk' }])).toEqual({ began: [], ended: [] });
  });
});
