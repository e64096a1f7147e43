import { generateKeyPairSync, sign } from 'node:crypto';
import {
  DEFAULT_DEVICE_AGENT_RULES,
  type AgentServerFrame,
  type DeviceConditionPhase,
  type DeviceReport,
} from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import type { PlatformClient } from './platform-client';
import { AgentSession } from './session';
import type { DeviceSnapshot } from './snapshot';

const ORIGIN = 'https://school.example';
const pair = generateKeyPairSync('ed25519');
const tokenOf = (change: object = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const body = Buffer.from(
    JSON.stringify({
      aud: 'sabaq-device-agent',
      iss: ORIGIN,
      assignment_id: 'a',
      assignment_attempt_id: 't',
      student_id: 's',
      rules: { ...DEFAULT_DEVICE_AGENT_RULES, prohibited_processes: ['anydesk'] },
      iat: now,
      exp: now + 600,
      ...change,
    }),
  ).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), pair.privateKey).toString('base64url')}`;
};

const snapshot = (processes: string[]): DeviceSnapshot => ({
  os: { platform: 'linux', distro: 'Debian', release: '12', windows_version: null, hostname: 'pc' },
  remote_session: false,
  remote_signs: [],
  virtual_machine: false,
  screen_locked: null,
  unique_id: 'u',
  displays: [],
  usb_devices: [],
  processes: processes.map((name, pid) => ({ name, pid })),
  connections: null,
});

function harness(options: { keyFails?: boolean } = {}) {
  const frames: AgentServerFrame[] = [];
  const reports: DeviceReport[] = [];
  const phases: DeviceConditionPhase[] = [];
  let processes = ['bash'];
  let closed = false;
  const platform = {
    origin: ORIGIN,
    publicKey: async () => {
      if (options.keyFails) throw new Error('offline');
      return pair.publicKey;
    },
    sendReport: async (_token: string, report: DeviceReport) => void reports.push(report),
    sendPhases: async (_token: string, sent: readonly DeviceConditionPhase[]) => {
      phases.push(...sent);
      return true;
    },
  } as unknown as PlatformClient;
  const session = new AgentSession({
    platform,
    collect: async () => snapshot(processes),
    now: () => Date.now(),
    send: (frame) => frames.push(frame),
    close: () => (closed = true),
    log: () => {},
    scanMs: 20,
  });
  return {
    session,
    frames,
    reports,
    phases,
    run: (names: string[]) => (processes = names),
    isClosed: () => closed,
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('an agent session', () => {
  it('looks at nothing before a valid hello and refuses an unknown frame', async () => {
    const h = harness();
    await h.session.onMessage('{"type":"scan"}');
    expect(h.frames).toEqual([{ type: 'refused', reason: 'bad_frame', message: 'Unknown frame' }]);
    expect(h.reports).toEqual([]);
    expect(h.isClosed()).toBe(true);
  });

  it('reports, then turns a prohibited program into a begin and an end, and stops on bye', async () => {
    const h = harness();
    await h.session.onMessage(JSON.stringify({ type: 'hello', token: tokenOf() }));
    expect(h.frames[0]).toMatchObject({ type: 'welcome', assignment_attempt_id: 't' });
    expect(h.frames[1]).toMatchObject({ type: 'report' });
    expect(h.reports).toHaveLength(1);
    h.run(['bash', 'anydesk']);
    await until(() => h.phases.some((p) => p.phase === 'begin'));
    h.run(['bash']);
    await until(() => h.phases.some((p) => p.phase === 'end'));
    expect(h.phases.map((p) => p.finding.key)).toContain('anydesk');
    await h.session.onMessage('{"type":"bye"}');
    expect(h.isClosed()).toBe(true);
    const seen = h.frames.length;
    await new Promise((r) => setTimeout(r, 60));
    // Nothing more after bye.
    expect(h.frames.length).toBe(seen);
  });

  it('ends open conditions when the page goes away', async () => {
    const h = harness();
    h.run(['anydesk']);
    await h.session.onMessage(JSON.stringify({ type: 'hello', token: tokenOf() }));
    await until(() => h.phases.some((p) => p.phase === 'begin'));
    await h.session.onClose();
    expect(h.phases.at(-1)).toMatchObject({ phase: 'end' });
  });

  it('refuses when the platform key cannot be read, and a token that expires while looking', async () => {
    const offline = harness({ keyFails: true });
    await offline.session.onMessage(JSON.stringify({ type: 'hello', token: tokenOf() }));
    expect(offline.frames).toMatchObject([{ type: 'refused', reason: 'token_invalid' }]);

    const h = harness();
    const soon = Math.floor(Date.now() / 1000) + 1;
    await h.session.onMessage(JSON.stringify({ type: 'hello', token: tokenOf({ exp: soon }) }));
    await until(() => h.frames.some((f) => f.type === 'refused'));
    expect(h.frames.find((f) => f.type === 'refused')).toMatchObject({ reason: 'token_expired' });
    expect(h.isClosed()).toBe(true);
  });

  it('does not look again before the attempt exists', async () => {
    const h = harness();
    await h.session.onMessage(
      JSON.stringify({ type: 'hello', token: tokenOf({ assignment_attempt_id: null }) }),
    );
    expect(h.reports).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(h.frames.filter((f) => f.type === 'findings')).toEqual([]);
    expect(h.phases).toEqual([]);
  });
});
