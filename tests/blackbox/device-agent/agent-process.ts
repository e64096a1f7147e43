import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { agentServerFrame, type AgentServerFrame } from '@sabaq/events';
import WebSocket from 'ws';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface RunningAgent {
  port: number;
  /** The agent's self-signed certificate, as a browser trusts it after the student's one visit. */
  ca: string;
  output: string[];
  stop(): Promise<void>;
  /** Kills the process outright (SIGKILL: it ends nothing, as a crash or the task manager would). */
  kill(): Promise<void>;
}

/**
 * The real agent as a student runs it (`npx tsx agent/src/main.ts --platform …`, or the executable), on a free loopback
 * port, with its own data directory; resolves once it says where it listens.
 */
export async function startAgent(platform: string, dataDir: string, atPort = 0): Promise<RunningAgent> {
  // SABAQ_AGENT_BINARY runs the same test against a built executable (agent/scripts/build-sea.mjs).
  const binary = process.env.SABAQ_AGENT_BINARY;
  const options = ['--platform', platform, '--port', String(atPort), '--data-dir', dataDir];
  const child: ChildProcess = spawn(
    binary ?? process.execPath,
    binary ? options : ['--import', 'tsx', 'agent/src/main.ts', ...options],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SSH_CONNECTION: '' } },
  );
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(String(chunk));
      const match = /listening on https:\/\/127\.0\.0\.1:(\d+)\//.exec(output.join(''));
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.once('exit', (code) => reject(new Error(`agent exited (${code}): ${output.join('')}`)));
  });
  return {
    port,
    ca: await readFile(path.join(dataDir, 'agent-cert.pem'), 'utf8'),
    output,
    stop: () => ended(child, 'SIGTERM'),
    kill: () => ended(child, 'SIGKILL'),
  };
}

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export interface PageSocket {
  frames: AgentServerFrame[];
  send(frame: object): void;
  /** Waits until a frame accepted by `accept` has arrived (polling the frames kept so far). */
  waitFor<T extends AgentServerFrame['type']>(
    type: T,
    accept?: (frame: Extract<AgentServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<AgentServerFrame, { type: T }>>;
  closed: Promise<void>;
  close(): void;
}

/** A page's socket to the agent, from the given origin, trusting the agent's certificate. */
export async function openPageSocket(agent: RunningAgent, origin: string): Promise<PageSocket> {
  const socket = new WebSocket(`wss://127.0.0.1:${agent.port}/`, { origin, ca: agent.ca });
  const frames: AgentServerFrame[] = [];
  socket.on('message', (data) => frames.push(agentServerFrame.parse(JSON.parse(String(data)))));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    frames,
    closed,
    send: (frame) => socket.send(JSON.stringify(frame)),
    close: () => socket.close(),
    async waitFor(type, accept = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(
          (f): f is Extract<AgentServerFrame, { type: typeof type }> => f.type === type && accept(f as never),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
