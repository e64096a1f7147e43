import {
  agentClientFrame,
  DEVICE_AGENT_SCAN_MS,
  type AgentServerFrame,
  type DeviceAgentTokenPayload,
} from '@sabaq/events';
import { ConditionTracker } from './condition-tracker';
import { buildReport } from './evaluate-rules';
import { checkPageToken, type TokenCheck } from './page-token';
import type { PlatformClient } from './platform-client';
import type { DeviceSnapshot } from './snapshot';
import { AGENT_VERSION } from './version';

export interface SessionDeps {
  platform: PlatformClient;
  collect: () => Promise<DeviceSnapshot>;
  now: () => number;
  send: (frame: AgentServerFrame) => void;
  close: () => void;
  log: (line: string) => void;
  scanMs?: number;
}

/**
 * One exam page's connection. Nothing is read from the computer before a token checks out; then the
 * agent reports once (to the page and to the platform), and while the token is for a started attempt
 * it looks again every scan, sending the page the findings and the platform their conditions. It
 * stops on `bye`, on the socket's close and when the token expires without a renewal.
 */
export class AgentSession {
  private payload: DeviceAgentTokenPayload | null = null;
  private token = '';
  private timer: NodeJS.Timeout | null = null;
  private scanning = false;
  private stopped = false;
  private readonly tracker = new ConditionTracker();

  constructor(private readonly deps: SessionDeps) {}

  async onMessage(raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const frame = agentClientFrame.safeParse(json);
    if (!frame.success) return this.refuse('bad_frame', 'Unknown frame');
    if (frame.data.type === 'bye') return this.stop('bye');
    const check = await this.check(frame.data.token);
    if (!check.ok) return this.refuse(check.reason, check.message);
    const previous = this.payload;
    if (frame.data.type === 'renew') {
      // A renewal continues the same student's session on the same assignment, nothing else.
      if (
        !previous ||
        previous.student_id !== check.payload.student_id ||
        previous.assignment_id !== check.payload.assignment_id
      ) {
        return this.refuse('token_invalid', 'Renewal for another session');
      }
    } else if (previous) {
      return this.refuse('bad_frame', 'Already greeted');
    }
    this.payload = check.payload;
    this.token = frame.data.token;
    if (frame.data.type === 'hello') {
      this.deps.send({
        type: 'welcome',
        agent_version: AGENT_VERSION,
        assignment_attempt_id: check.payload.assignment_attempt_id,
      });
    }
    // A first hello, or a renewal that names the attempt just started: report (again) for it.
    if (!previous || previous.assignment_attempt_id !== check.payload.assignment_attempt_id) {
      await this.reportOnce();
    }
    if (check.payload.assignment_attempt_id !== null && !this.timer) {
      this.timer = setInterval(() => void this.scan(), this.deps.scanMs ?? DEVICE_AGENT_SCAN_MS);
      await this.scan();
    }
  }

  /** The socket went away: the agent stops looking, and ends what it had open. */
  async onClose(): Promise<void> {
    await this.stop('closed', false);
  }

  private async check(token: string): Promise<TokenCheck> {
    const origin = this.deps.platform.origin;
    const key = await this.deps.platform.publicKey().catch((error: unknown) => {
      this.deps.log(`platform key not read: ${String(error)}`);
      return null;
    });
    // Without the platform's key no token can be trusted: refused, and the page says so.
    if (!key)
      return { ok: false, reason: 'token_invalid', message: `The platform ${origin} cannot be reached` };
    let result = checkPageToken(token, key, origin, this.deps.now());
    // The platform may have a new key since it was cached: one fresh read before refusing.
    if (!result.ok && result.reason === 'token_invalid') {
      const fresh = await this.deps.platform.publicKey(true).catch(() => null);
      if (fresh) result = checkPageToken(token, fresh, origin, this.deps.now());
    }
    return result;
  }

  private async reportOnce(): Promise<void> {
    if (!this.payload) return;
    const report = buildReport(await this.deps.collect(), this.payload.rules, AGENT_VERSION);
    this.deps.send({ type: 'report', report });
    await this.deps.platform.sendReport(this.token, report).catch((error: unknown) => {
      this.deps.log(`report not sent: ${String(error)}`);
    });
  }

  private async scan(): Promise<void> {
    if (this.scanning || this.stopped || !this.payload) return;
    this.scanning = true;
    try {
      const now = this.deps.now();
      if (this.payload.exp * 1000 <= now) {
        this.refuse('token_expired', 'Token expired');
        return;
      }
      const report = buildReport(await this.deps.collect(), this.payload.rules, AGENT_VERSION);
      if (this.stopped) return;
      const phases = this.tracker.next(report.findings, now);
      this.deps.send({
        type: 'findings',
        at: new Date(now).toISOString(),
        findings: report.findings,
        conditions: this.tracker.openConditions(),
      });
      // Always called: it also resends phases a failed call left waiting.
      await this.deps.platform.sendPhases(this.token, phases);
    } catch (error) {
      this.deps.log(`scan failed: ${String(error)}`);
    } finally {
      this.scanning = false;
    }
  }

  private refuse(reason: Extract<AgentServerFrame, { type: 'refused' }>['reason'], message: string): void {
    this.deps.send({ type: 'refused', reason, message });
    void this.stop(reason);
  }

  private async stop(why: string, close = true): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const ends = this.tracker.closeAll(this.deps.now());
    if (this.payload?.assignment_attempt_id && ends.length > 0) {
      await this.deps.platform.sendPhases(this.token, ends).catch(() => false);
    }
    this.deps.log(`session ended: ${why}`);
    if (close) this.deps.close();
  }
}
