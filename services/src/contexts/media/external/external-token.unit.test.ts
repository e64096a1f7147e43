import { describe, expect, it } from 'vitest';
import { MediaSigner } from '../signing';
import { EXTERNAL_TOKEN_TTL_SECONDS, issueExternalToken, readExternalToken } from './external-token';

const at = (iso: string) => () => new Date(iso);
const key = Buffer.alloc(32, 3);
const attempt = '0b5e3c4e-9a0a-4d8e-8f33-1c4f7a0d2b11';

describe('the external session token', () => {
  const signer = new MediaSigner(key, at('2026-11-24T10:00:00Z'));
  const { token, expires } = issueExternalToken(signer, 'camera', attempt);

  it('names its purpose and attempt, and lasts two hours', () => {
    expect(token.startsWith(`camera.${attempt}.`)).toBe(true);
    expect(expires).toBe(Date.parse('2026-11-24T10:00:00Z') / 1000 + EXTERNAL_TOKEN_TTL_SECONDS);
    expect(readExternalToken(signer, token)).toEqual({ purpose: 'camera', attemptId: attempt, expires });
    expect(readExternalToken(signer, token, 'camera').attemptId).toBe(attempt);
  });

  it('is refused for another purpose, another attempt, another key or a changed expiry', () => {
    const refused = (t: string, purpose?: 'camera' | 'upload', s = signer) => {
      try {
        readExternalToken(s, t, purpose);
        return 'accepted';
      } catch (error) {
        return (error as { errors: Record<string, string[]> }).errors.token?.[0];
      }
    };
    expect(refused(token, 'upload')).toBe('Ссылка недействительна');
    expect(refused(token.replace('camera.', 'upload.'))).toBe('Ссылка недействительна');
    expect(refused(token.replace(attempt, attempt.replace('0b5e', '1b5e')))).toBe('Ссылка недействительна');
    expect(refused(token.replace(`.${expires}.`, `.${expires + 3600}.`))).toBe('Ссылка недействительна');
    expect(refused(token, undefined, new MediaSigner(Buffer.alloc(32, 4), at('2026-11-24T10:00:00Z')))).toBe(
      'Ссылка недействительна',
    );
    expect(refused('camera.x')).toBe('Ссылка недействительна');
    expect(refused(`${token}/../x`)).toBe('Ссылка недействительна');
  });

  it('says when it has expired, rather than calling a real link invalid', () => {
    const later = new MediaSigner(key, at('2026-11-24T12:00:01Z'));
    expect(() => readExternalToken(later, token)).toThrow('The link has expired');
    const justInTime = new MediaSigner(key, at('2026-11-24T11:59:59Z'));
    expect(readExternalToken(justInTime, token).attemptId).toBe(attempt);
  });
});
