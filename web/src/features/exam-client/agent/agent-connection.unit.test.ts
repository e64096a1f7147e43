import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEVICE_AGENT_RULES } from '@sabaq/events';
import { AgentConnection, TokenRefused, type AgentToken } from './agent-connection';
import type { AgentState } from './agent-state';

/** A socket that records what the page sent and lets the test play the agent's part. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  opens() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  says(frame: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  fails() {
    this.readyState = 3;
    this.dispatchEvent(new Event('error'));
    this.dispatchEvent(new Event('close'));
  }
}

const tokenAt = (n: number, ttlMs = 15 * 60_000): AgentToken => ({
  token: `token-${n}`,
  expires_at: new Date(Date.now() + ttlMs).toISOString(),
  port: 48_123,
  min_version: '0.1.0',
  download_url: 'https://school.example/agent/',
  rules: DEFAULT_DEVICE_AGENT_RULES,
});

function harness(fetchToken: () => Promise<AgentToken>) {
  const sockets: FakeSocket[] = [];
  const states: AgentState[] = [];
  const connection = new AgentConnection(
    fetchToken,
    (s) => states.push(s),
    (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  );
  return { connection, sockets, states, last: () => states.at(-1) };
}

describe('the page’s connection to the agent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says hello with the token on the port the platform named, follows the frames, renews and says bye', async () => {
    let issued = 0;
    const h = harness(async () => tokenAt(++issued));
    h.connection.start();
    await vi.waitFor(() => expect(h.sockets).toHaveLength(1));
    const socket = h.sockets[0]!;
    expect(socket.url).toBe('wss://127.0.0.1:48123');
    socket.opens();
    expect(socket.sent).toEqual([{ type: 'hello', token: 'token-1' }]);
    socket.says({ type: 'welcome', agent_version: '0.1.2', assignment_attempt_id: 'att' });
    expect(h.last()?.kind).toBe('connected');
    socket.says({
      type: 'findings',
      at: new Date().toISOString(),
      findings: [{ kind: 'second_monitor', key: '2', detail: '2 displays' }],
    });
    expect(h.last()).toMatchObject({ kind: 'connected', findings: [{ kind: 'second_monitor' }] });
    // A minute before the token expires a new one is fetched and handed over.
    await vi.advanceTimersByTimeAsync(14 * 60_000 + 1_000);
    expect(socket.sent).toContainEqual({ type: 'renew', token: 'token-2' });
    h.connection.stop(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'bye' });
    expect(socket.readyState).toBe(3);
  });

  it('is missing when nothing answers, and finds the agent by itself once it runs', async () => {
    const h = harness(async () => tokenAt(1));
    expect(h.connection.downloadUrl).toBeNull();
    h.connection.start();
    await vi.waitFor(() => expect(h.sockets).toHaveLength(1));
    h.sockets[0]!.fails();
    expect(h.last()?.kind).toBe('missing');
    // The missing agent's guidance links where the school offers it, as the platform said.
    expect(h.connection.downloadUrl).toBe('https://school.example/agent/');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.sockets).toHaveLength(2);
    h.sockets[1]!.opens();
    // The token still good is used again, not a new one per look.
    expect(h.sockets[1]!.sent).toEqual([{ type: 'hello', token: 'token-1' }]);
    h.connection.stop(false);
  });

  it('shows the platform’s refusal and ignores frames that are not the contract’s', async () => {
    const h = harness(async () => {
      throw new TokenRefused('Попытка не найдена');
    });
    h.connection.start();
    await vi.waitFor(() => expect(h.last()?.kind).toBe('refused'));
    expect(h.sockets).toHaveLength(0);
    h.connection.stop(false);

    const ok = harness(async () => tokenAt(1));
    ok.connection.start();
    await vi.waitFor(() => expect(ok.sockets).toHaveLength(1));
    ok.sockets[0]!.opens();
    ok.sockets[0]!.says({ type: 'welcome', agent_version: 42 });
    expect(ok.last()?.kind).toBe('connecting');
    ok.connection.stop(false);
  });
});
