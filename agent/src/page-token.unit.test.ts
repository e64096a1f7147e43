import { generateKeyPairSync, sign } from 'node:crypto';
import { DEFAULT_DEVICE_AGENT_RULES, type DeviceAgentTokenPayload } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { checkPageToken } from './page-token';

const platform = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const ORIGIN = 'https://school.example';
const NOW = Date.UTC(2026, 10, 27, 12);
const payload = (change: Partial<Record<keyof DeviceAgentTokenPayload, unknown>> = {}) => ({
  aud: 'sabaq-device-agent',
  iss: ORIGIN,
  assignment_id: 'a-1',
  assignment_attempt_id: 't-1',
  student_id: 's-1',
  rules: DEFAULT_DEVICE_AGENT_RULES,
  iat: NOW / 1000 - 10,
  exp: NOW / 1000 + 600,
  ...change,
});
function tokenOf(body: object, key = platform.privateKey): string {
  const part = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${part}.${sign(null, Buffer.from(part), key).toString('base64url')}`;
}

describe('the page token check', () => {
  it('accepts a token the platform signed for this origin', () => {
    const check = checkPageToken(tokenOf(payload()), platform.publicKey, ORIGIN, NOW);
    expect(check).toEqual({ ok: true, payload: payload() });
  });

  it('refuses a token signed by another key', () => {
    const check = checkPageToken(tokenOf(payload(), stranger.privateKey), platform.publicKey, ORIGIN, NOW);
    expect(check).toMatchObject({ ok: false, reason: 'token_invalid' });
  });

  it('refuses a payload changed after signing', () => {
    const [, signature] = tokenOf(payload()).split('.');
    const changed = Buffer.from(JSON.stringify(payload({ student_id: 's-2' }))).toString('base64url');
    expect(checkPageToken(`${changed}.${signature}`, platform.publicKey, ORIGIN, NOW)).toMatchObject({
      ok: false,
      reason: 'token_invalid',
    });
  });

  it('refuses an expired token as expired', () => {
    const check = checkPageToken(tokenOf(payload({ exp: NOW / 1000 })), platform.publicKey, ORIGIN, NOW);
    expect(check).toMatchObject({ ok: false, reason: 'token_expired' });
  });

  it('refuses another issuer and another audience', () => {
    const otherIss = tokenOf(payload({ iss: 'https://evil.example' }));
    expect(checkPageToken(otherIss, platform.publicKey, ORIGIN, NOW)).toMatchObject({
      reason: 'token_invalid',
    });
    const otherAud = tokenOf(payload({ aud: 'something-else' }));
    expect(checkPageToken(otherAud, platform.publicKey, ORIGIN, NOW)).toMatchObject({
      reason: 'token_invalid',
    });
  });

  it('refuses what is not a token', () => {
    for (const bad of ['', 'abc', 'a.b.c', '.', `${Buffer.from('{').toString('base64url')}.x`]) {
      expect(checkPageToken(bad, platform.publicKey, ORIGIN, NOW)).toMatchObject({
        ok: false,
        reason: 'token_invalid',
      });
    }
  });
});
