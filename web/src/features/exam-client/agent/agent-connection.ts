import {
  agentServerFrame,
  DEVICE_AGENT_PORT,
  type AgentClientFrame,
  type DeviceAgentRules,
} from '@sabaq/events';
import { AGENT_IDLE, nextAgentState, type AgentEvent, type AgentState } from './agent-state';

/** The platform's answer to a token request (the contract's `deviceAgentTokenAnswer`). */
export interface AgentToken {
  token: string;
  expires_at: string;
  port: number;
  min_version: string;
  download_url: string | null;
  rules: DeviceAgentRules;
}

/** Thrown by the token fetcher when the platform refuses (its message is shown). */
export class TokenRefused extends Error {}

/** WebSocket.OPEN, spelled out so the class runs where WebSocket is not a global (unit tests). */
const OPEN = 1;
/** A fresh token is asked for this long before the current one expires. */
const RENEW_BEFORE_MS = 60_000;
/** While the agent is missing, the page looks for it again this often (the student may start it now). */
const RETRY_MS = 4_000;

/**
 * The page's side of the agent's loopback socket: asks the platform for a token, opens
 * `wss://127.0.0.1:{port}`, says `hello`, follows the frames into an AgentState, renews the token
 * before it expires and says `bye` when the attempt is over. A missing agent is looked for again every
 * few seconds, so starting it is enough; nothing here runs unless the assignment uses the agent.
 */
export class AgentConnection {
  private state: AgentState = AGENT_IDLE;
  private socket: WebSocket | undefined;
  private token: AgentToken | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly fetchToken: () => Promise<AgentToken>,
    private readonly onState: (state: AgentState) => void,
    private readonly openSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  get current(): AgentState {
    return this.state;
  }

  /** The port the agent is looked for on (the platform's answer says it; the default until then). */
  get port(): number {
    return this.token?.port ?? DEVICE_AGENT_PORT;
  }

  /** Where the school offers the agent for download (the platform's answer), null until known or unset. */
  get downloadUrl(): string | null {
    return this.token?.download_url ?? null;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  /** Looks again now (the student's "check again"). */
  retry(): void {
    this.closeSocket();
    clearTimeout(this.retryTimer);
    void this.connect();
  }

  /** The attempt is over (or the page left it): `bye` when `finished`, then the socket closes. */
  stop(finished: boolean): void {
    this.stopped = true;
    clearTimeout(this.renewTimer);
    clearTimeout(this.retryTimer);
    if (finished) this.send({ type: 'bye' });
    this.closeSocket();
  }

  private apply(event: AgentEvent): void {
    this.state = nextAgentState(this.state, event);
    this.onState(this.state);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.apply({ type: 'connect' });
    let token: AgentToken;
    try {
      token = await this.validToken();
    } catch (error) {
      if (this.stopped) return;
      this.apply({ type: 'token_refused', message: error instanceof Error ? error.message : String(error) });
      // A platform that refused the token (or was unreachable) is asked again later, not hammered.
      this.retryTimer = setTimeout(() => void this.connect(), RETRY_MS * 4);
      return;
    }
    if (this.stopped) return;
    this.open(token);
  }

  private async validToken(): Promise<AgentToken> {
    const left = this.token ? Date.parse(this.token.expires_at) - Date.now() : 0;
    if (!this.token || left < RENEW_BEFORE_MS) this.token = await this.fetchToken();
    return this.token;
  }

  private open(token: AgentToken): void {
    const socket = this.openSocket(`wss://127.0.0.1:${token.port}`);
    this.socket = socket;
    let failed = false;
    const fail = () => {
      if (failed || this.socket !== socket) return;
      failed = true;
      this.socket = undefined;
      clearTimeout(this.renewTimer);
      if (this.stopped) return;
      this.apply({ type: 'socket_failed' });
      this.retryTimer = setTimeout(() => void this.connect(), RETRY_MS);
    };
    socket.addEventListener('open', () => this.send({ type: 'hello', token: token.token }));
    socket.addEventListener('error', fail);
    socket.addEventListener('close', fail);
    socket.addEventListener('message', (message: MessageEvent) => {
      const frame = agentServerFrame.safeParse(safeJson(message.data));
      if (!frame.success || this.socket !== socket) return;
      this.apply({ type: 'frame', frame: frame.data, minVersion: token.min_version });
      if (frame.data.type === 'welcome' && this.state.kind === 'connected') this.scheduleRenew();
    });
  }

  private scheduleRenew(): void {
    clearTimeout(this.renewTimer);
    if (!this.token) return;
    const wait = Math.max(1_000, Date.parse(this.token.expires_at) - Date.now() - RENEW_BEFORE_MS);
    this.renewTimer = setTimeout(() => {
      void (async () => {
        try {
          this.token = await this.fetchToken();
          this.send({ type: 'renew', token: this.token.token });
          this.scheduleRenew();
        } catch {
          // The platform did not answer: tried again shortly, the old token is still good a while.
          this.renewTimer = setTimeout(() => this.scheduleRenew(), RETRY_MS);
        }
      })();
    }, wait);
  }

  private send(frame: AgentClientFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState <= OPEN) socket.close();
  }
}

function safeJson(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}
