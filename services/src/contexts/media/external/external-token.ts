import { DomainError } from '../../../platform/errors';
import type { MediaSigner } from '../signing';

/** What a phone's link opens: the second camera's page, or the page that uploads a recording. */
export const EXTERNAL_PURPOSES = ['camera', 'upload'] as const;
export type ExternalPurpose = (typeof EXTERNAL_PURPOSES)[number];

/** Long enough for an exam and its setup; short enough that a photographed QR code soon opens nothing. */
export const EXTERNAL_TOKEN_TTL_SECONDS = 2 * 3600;

export interface ExternalToken {
  purpose: ExternalPurpose;
  attemptId: string;
  /** Epoch seconds. */
  expires: number;
}

const SIGNED = { camera: 'external-camera', upload: 'external-upload' } as const;
const SHAPE = /^(camera|upload)\.([A-Za-z0-9-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{1,100})$/;

/**
 * `<purpose>.<attempt>.<expires>.<HMAC>`: a link for one attempt and one purpose, signed with the
 * platform's media key (signing.ts). It names no user and grants no sign-in: whoever holds it may do
 * only what its purpose allows on that attempt (external-routes.ts), and the student's access token
 * never leaves the exam's browser.
 */
export function issueExternalToken(
  signer: MediaSigner,
  purpose: ExternalPurpose,
  attemptId: string,
): { token: string; expires: number } {
  const { expires, signature } = signer.sign(SIGNED[purpose], attemptId, EXTERNAL_TOKEN_TTL_SECONDS);
  return { token: `${purpose}.${attemptId}.${expires}.${signature}`, expires };
}

/**
 * The link is not this platform's, was changed, or is for something else: 404, as a signed playback URL
 * that is wrong (nothing is there for it); one that ran out: 410, so the page can say "ask for a new one".
 */
export class ExternalTokenError extends DomainError {
  constructor(reason: 'invalid' | 'expired') {
    super(
      reason === 'expired' ? 'The link has expired' : 'The link is invalid',
      reason === 'expired' ? 410 : 404,
      reason === 'expired' ? 410 : 404,
      { token: [reason === 'expired' ? 'Срок действия ссылки истёк' : 'Ссылка недействительна'] },
    );
  }
}

/** Reads and checks a token; `purpose` is what the route serves (a camera link opens no upload page). */
export function readExternalToken(
  signer: MediaSigner,
  token: string,
  purpose?: ExternalPurpose,
): ExternalToken {
  const match = SHAPE.exec(token);
  if (!match) throw new ExternalTokenError('invalid');
  const [, given, attemptId, expires, signature] = match as unknown as [
    string,
    ExternalPurpose,
    string,
    string,
    string,
  ];
  if (purpose && given !== purpose) throw new ExternalTokenError('invalid');
  const verdict = signer.check(SIGNED[given], attemptId, expires, signature);
  if (verdict !== 'valid') throw new ExternalTokenError(verdict);
  return { purpose: given, attemptId, expires: Number(expires) };
}
