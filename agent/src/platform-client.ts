import { createPublicKey, type KeyObject } from 'node:crypto';
import { deviceAgentKeyAnswer, type DeviceConditionPhase, type DeviceReport } from '@sabaq/events';

/** How many unsent phases are kept while the platform cannot be reached; older ones are dropped. */
const MAX_PENDING = 500;

/**
 * The agent's calls to the platform it was started for: the key that signs page tokens (cached, read
 * again when a signature does not match, so a new key reaches running agents), and its own reports and
 * condition phases, sent with the page token. Phases that could not be sent are kept and sent again
 * with the next ones (the platform stores a phase once by its id).
 */
export class PlatformClient {
  private key: KeyObject | null = null;
  private pending: { token: string; phase: DeviceConditionPhase }[] = [];

  constructor(readonly origin: string) {}

  async publicKey(fresh = false): Promise<KeyObject> {
    if (this.key && !fresh) return this.key;
    const response = await fetch(`${this.origin}/api/device-agent/key.json`);
    if (!response.ok) throw new Error(`key.json answered ${response.status}`);
    const answer = deviceAgentKeyAnswer.parse(await response.json());
    this.key = createPublicKey(answer.public_key_pem);
    return this.key;
  }

  async sendReport(token: string, report: DeviceReport): Promise<void> {
    const response = await this.post('/api/device-agent/reports.json', { token, report });
    if (!response.ok) throw new Error(`reports.json answered ${response.status}: ${await response.text()}`);
  }

  /** Sends these phases after any left over; true when nothing is left waiting. */
  async sendPhases(token: string, phases: readonly DeviceConditionPhase[]): Promise<boolean> {
    this.pending.push(...phases.map((phase) => ({ token, phase })));
    this.pending = this.pending.slice(-MAX_PENDING);
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, 100);
      // The newest token is used for all: an older one may have expired since.
      let response: Response;
      try {
        response = await this.post('/api/device-agent/conditions.json', {
          token,
          phases: batch.map((p) => p.phase),
        });
      } catch {
        return false;
      }
      // A 4xx will not pass on a retry (a finished attempt): dropped, not resent forever.
      if (response.status >= 500) return false;
      this.pending = this.pending.slice(batch.length);
    }
    return true;
  }

  private post(path: string, body: unknown): Promise<Response> {
    return fetch(`${this.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  }
}
