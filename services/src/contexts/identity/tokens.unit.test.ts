import { describe, expect, it } from 'vitest';
import { uuidV5 } from '../../platform/ids';
import {
  TokenSigner,
  hashRefreshToken,
  newRefreshToken,
  sessionIdOfRefreshToken,
  type TokenClaims,
} from './tokens';

const claims: TokenClaims = {
  sub: 'u1',
  sid: 's1',
  sch: null,
  grp: 'student',
  typ: 'access',
  iat: 1000,
  exp: 4600,
};

describe('access tokens', () => {
  const signer = new TokenSigner(Buffer.from('a secret only this platform knows'));

  it('are accepted until they expire, and only as the kind they were issued for', () => {
    const token = signer.sign(claims);
    expect(signer.verify(token, 'access', 4599)).toEqual(claims);
    expect(() => signer.verify(token, 'access', 4600)).toThrow();
    expect(() => signer.verify(token, 'ws', 2000)).toThrow();
  });

  it('are refused when changed or signed with another secret', () => {
    const token = signer.sign(claims);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, grp: 'admin' })).toString('base64url');
    expect(() => signer.verify(`${header}.${forged}.${signature}`, 'access', 2000)).toThrow();
    expect(() => new TokenSigner(Buffer.from('another')).verify(token, 'access', 2000)).toThrow();
    expect(() => signer.verify('not-a-token', 'access', 2000)).toThrow();
  });
});

describe('refresh tokens', () => {
  it('name their session and differ every time', () => {
    const sessionId = uuidV5('session');
    const one = newRefreshToken(sessionId);
    expect(sessionIdOfRefreshToken(one)).toBe(sessionId);
    expect(newRefreshToken(sessionId)).not.toBe(one);
    expect(hashRefreshToken(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdOfRefreshToken('../../etc.x')).toBeUndefined();
  });
});

describe('name-based ids', () => {
  it('follow RFC 4122 version 5', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});
