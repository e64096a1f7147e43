import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  AgentConnection,
  type AgentToken,
} from '../../../web/src/features/exam-client/agent/agent-connection';
import {
  agentSignalFields,
  AgentLostWatch,
  type AgentLostSignal,
} from '../../../web/src/features/exam-client/agent/agent-lost';
import type { AgentState } from '../../../web/src/features/exam-client/agent/agent-state';
import { eventually } from '../../support/platform-fixture';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startProctoringApp, type ProctoringApp } from '../proctoring/proctoring-app';
import { startAgent, type RunningAgent } from './agent-process';

/**
 * The agent killed during an agent-only attempt and started again (docs/device-agent.md, "When the
 * agent goes away"): the embedded platform, the real agent program, and the exam page's own
 * connection and absence watch (web/src/features/exam-client/agent) over a real loopback socket, its
 * actions posted as the page's queue posts them.
 */
let env: ProctoringApp;
let agent: RunningAgent;
let tmp: string;
let attempt: string;
let assignment: string;
const teacher = tokenFor('teacher', 'school-a');
const student = tokenFor('student', 'school-a');
const children: ChildProcess[] = [];
const stops: (() => void)[] = [];

// The exam page calls from the platform's origin, as a browser sends it.
const call = caller<Record<string, unknown>>(() => env.app, { headers: () => ({ origin: env.url }) });

interface ListedAction {
  action_type: string;
  condition_id: string | null;
  created_at: string;
  ended_at: string | null;
}
async function actions(type: string): Promise<ListedAction[]> {
  await env.caughtUp();
  const answer = await call('GET', `/api/assignment/actions?assignment_attempt_id=${attempt}`, teacher);
  return (answer.body.entities as ListedAction[]).filter((a) => a.action_type === type);
}

interface ShownTimeline {
  warnings: { type: string; start: string; end: string }[];
  credibility: { contributions: { action_type: string; intervals: number; points: number }[] };
}
async function timeline(): Promise<ShownTimeline> {
  await env.caughtUp();
  return (await call('GET', `/api/proctoring/timelines/${attempt}`, teacher)).body.entity as ShownTimeline;
}

/**
 * The exam page: its agent connection (the platform's token, the agent looked for on its port) and
 * its absence watch, fed every state and ticked every second as `useAgentLost` does; each signal is
 * posted to the actions batch as the student, in order.
 */
function examPage(port: number, ca: string) {
  const states: AgentState[] = [];
  const posted: AgentLostSignal[] = [];
  const watch = new AgentLostWatch();
  let sending = Promise.resolve();
  const post = (signals: AgentLostSignal[]) => {
    for (const signal of signals) {
      posted.push(signal);
      const body = { id: randomUUID(), assignment_id: assignment, assignment_attempt_id: attempt };
      sending = sending.then(async () => {
        const answer = await call('POST', '/api/assignment/actions/batch', student, {
          actions: [{ ...body, ...agentSignalFields(signal) }],
        });
        expect(answer.status).toBe(201);
      });
    }
  };
  const connection = new AgentConnection(
    async () => {
      const answer = await call('POST', '/api/device-agent/token.json', student, {
        assignment_attempt_id: attempt,
      });
      // The test's agent listens on a free port: the page is told that one, as DEVICE_AGENT_PORT would.
      return { ...(answer.body.entity as AgentToken), port };
    },
    (state) => {
      states.push(state);
      post(watch.observe(state, Date.now()));
    },
    // The browser, once the student trusted the agent's certificate, from the platform's origin.
    (url) => new WebSocket(url, { origin: env.url, ca }) as unknown as globalThis.WebSocket,
  );
  const ticker = setInterval(() => post(watch.tick(Date.now())), 1_000);
  const stop = () => {
    clearInterval(ticker);
    connection.stop(true);
  };
  stops.push(stop);
  return { connection, states, posted, stop, sent: () => sending };
}

beforeAll(async () => {
  env = await startProctoringApp();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sabaq-agent-lost-'));
  agent = await startAgent(env.url, path.join(tmp, 'data'));
  const made = await call('POST', '/api/assignments', teacher, {
    type: 'external',
    name: 'Экзамен только с агентом',
    students: ['student-school-a-1'],
    settings: { proctoring_settings: { device_agent: { prohibited_processes: ['anydesk'] } } },
  });
  expect(made.status).toBe(201);
  assignment = (made.body.entity as { id: string }).id;
  await env.caughtUp();
  const started = await call('POST', '/api/assignment-attempts', student, { assignment_id: assignment });
  expect(started.status).toBe(201);
  attempt = (started.body.entity as { id: string }).id;
  await env.caughtUp();
});

afterAll(async () => {
  for (const stop of stops) stop();
  for (const child of children) child.kill('SIGKILL');
  await agent?.stop();
  await env?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the agent killed during an attempt and started again', () => {
  it('is an interval of device_agent_lost from the kill to the restart, and the condition the agent had open ends at the kill', async () => {
    const page = examPage(agent.port, agent.ca);
    page.connection.start();
    // A prohibited program running: the agent opens its condition and names its id to the page.
    const program = path.join(tmp, 'anydesk');
    await copyFile('/bin/sleep', program);
    children.push(spawn(program, ['600'], { stdio: 'ignore' }));
    const seen = await eventually(
      async () => page.states.at(-1),
      (s) => s?.kind === 'connected' && s.conditions.some((c) => c.key === 'anydesk'),
      30_000,
    );
    const agentCondition = seen!.kind === 'connected' ? seen!.conditions[0]!.condition_id : '';
    await eventually(
      () => actions('prohibited_process'),
      (list) => list.some((a) => a.condition_id === agentCondition),
      30_000,
    );
    expect(page.posted).toEqual([]);

    // Killed: it ends nothing itself.
    const port = agent.port;
    const killedAt = Date.now();
    await agent.kill();
    await eventually(
      async () => page.states.at(-1)?.kind,
      (kind) => kind === 'missing',
      30_000,
    );
    // The page ended the agent's condition and began the absence, stamped when it saw the agent go.
    const [open] = await eventually(
      () => actions('device_agent_lost'),
      (list) => list.length > 0,
      30_000,
    );
    expect(open!.ended_at).toBeNull();
    expect(Date.parse(open!.created_at)).toBeGreaterThanOrEqual(killedAt);
    const [closedByPage] = await eventually(
      () => actions('prohibited_process'),
      (list) => list.some((a) => a.condition_id === agentCondition && a.ended_at !== null),
      30_000,
    ).then((list) => list.filter((a) => a.condition_id === agentCondition));
    expect(Date.parse(closedByPage!.ended_at!)).toBe(Date.parse(open!.created_at));

    // Started again on the same port with the kept certificate: the page finds it by itself.
    agent = await startAgent(env.url, path.join(tmp, 'data'), port);
    const [ended] = await eventually(
      () => actions('device_agent_lost'),
      (list) => list[0]?.ended_at != null,
      60_000,
    );
    expect(Date.parse(ended!.ended_at!)).toBeGreaterThan(Date.parse(ended!.created_at));
    expect(page.states.at(-1)?.kind).toBe('connected');

    // On the proctor's timeline: one interval with its begin and end, counted in the credibility score.
    const shown = await eventually(
      timeline,
      (t) =>
        t.warnings.some(
          (w) => w.type === 'device_agent_lost' && Date.parse(w.end) === Date.parse(ended!.ended_at!),
        ),
      30_000,
    );
    const lost = shown.warnings.filter((w) => w.type === 'device_agent_lost');
    expect(lost).toHaveLength(1);
    expect(Date.parse(lost[0]!.start)).toBe(Date.parse(ended!.created_at));
    const cost = shown.credibility.contributions.find((c) => c.action_type === 'device_agent_lost');
    expect(cost).toMatchObject({ intervals: 1 });
    expect(cost!.points).toBeGreaterThan(0);
    // The agent's condition stopped at the kill, not at the session's end; the restarted agent opened
    // its own for the program still running.
    const conditions = await eventually(
      () => actions('prohibited_process'),
      (list) => list.some((a) => a.condition_id !== agentCondition),
      30_000,
    );
    expect(conditions.find((a) => a.condition_id === agentCondition)!.ended_at).toBe(closedByPage!.ended_at);

    page.stop();
    await page.sent();
  });
});
