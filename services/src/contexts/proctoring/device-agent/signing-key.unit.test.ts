import { generateKeyPairSync } from 'node:crypto';
import { DEFAULT_DEVICE_AGENT_RULES, type DeviceAgentTokenPayload } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { deviceAgentRulesOf } from './rules-of';
import { readPageToken, signPageToken, type DeviceAgentKey } from './signing-key';

const keyOf = (): DeviceAgentKey => {
  const pair = generateKeyPairSync('ed25519');
  return {
    keyId: 'k',
    publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
  };
};
const NOW = 1_800_000_000_000;
const payload: DeviceAgentTokenPayload = {
  aud: 'sabaq-device-agent',
  iss: 'https://school.example',
  assignment_id: 'a',
  assignment_attempt_id: null,
  student_id: 's',
  rules: DEFAULT_DEVICE_AGENT_RULES,
  iat: NOW / 1000,
  exp: NOW / 1000 + 900,
};

describe("the platform's page tokens", () => {
  it('reads back what it signed, and nothing signed by another key, changed or expired', () => {
    const key = keyOf();
    const token = signPageToken(key, payload);
    expect(readPageToken(key, token, NOW)).toEqual(payload);
    expect(readPageToken(keyOf(), token, NOW)).toBeNull();
    expect(readPageToken(key, token, NOW + 900_000)).toBeNull();
    const [, signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...payload, student_id: 'x' })).toString('base64url');
    expect(readPageToken(key, `${changed}.${signature}`, NOW)).toBeNull();
    expect(readPageToken(key, `${token}.extra`, NOW)).toBeNull();
  });
});

describe("an assignment's agent rules", () => {
  it('fills a partial value from the defaults and falls back to them on anything unreadable', () => {
    expect(deviceAgentRulesOf({ device_agent: { required: true } })).toEqual({
      ...DEFAULT_DEVICE_AGENT_RULES,
      required: true,
    });
    expect(deviceAgentRulesOf(null)).toEqual(DEFAULT_DEVICE_AGENT_RULES);
    expect(deviceAgentRulesOf({ device_agent: { prohibited_process_classes: ['games'] } })).toEqual(
      DEFAULT_DEVICE_AGENT_RULES,
    );
  });
});
