import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { deviceAgentTokenPayload, type DeviceAgentTokenPayload } from '@sabaq/events';

export type TokenCheck =
  | { ok: true; payload: DeviceAgentTokenPayload }
  | { ok: false; reason: 'token_invalid' | 'token_expired'; message: string };

const invalid = (message: string): TokenCheck => ({ ok: false, reason: 'token_invalid', message });

/**
 * Checks a page token (events/src/contracts/device-agent.ts): `base64url(payload).base64url(sig)`, the
 * signature Ed25519 over the first part with the platform's key, the audience the agent's, the issuer
 * the platform origin the agent was started for, and not expired. Anything else is refused: a page
 * of another site, or a student's hand-made token, must not make the agent look or report.
 */
export function checkPageToken(
  token: string,
  key: KeyObject | string,
  platformOrigin: string,
  nowMs: number,
): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return invalid('malformed token');
  const [body, signature] = parts as [string, string];
  const publicKey = typeof key === 'string' ? createPublicKey(key) : key;
  let signed: boolean;
  try {
    signed = verify(null, Buffer.from(body), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    signed = false;
  }
  if (!signed) return invalid('signature does not match the platform key');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return invalid('payload is not JSON');
  }
  const parsed = deviceAgentTokenPayload.safeParse(json);
  if (!parsed.success) return invalid('payload does not match the contract');
  const payload = parsed.data;
  if (payload.iss !== platformOrigin) return invalid(`issued by ${payload.iss}, not ${platformOrigin}`);
  if (payload.exp * 1000 <= nowMs) return { ok: false, reason: 'token_expired', message: 'token expired' };
  return { ok: true, payload };
}
