import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a signature is for: a session's chunk upload, a playback URL, or a phone's link to an attempt
 * (external/external-token.ts: the second camera's page, the recording upload page).
 */
export type SignedPurpose = 'upload' | 'play' | 'external-camera' | 'external-upload';

/**
 * Short-lived signatures for what the browser reaches without an Authorization header: chunk uploads
 * (specification 001 §7: "multipart POST to a given URL with fields plus file, without authorization
 * header") and playback URLs (hls.js and the video element fetch playlists and segments by URL). Each is
 * an HMAC over a purpose, an id and an expiry, so a signature for one session or record, or for
 * uploading, is useless for anything else. Several api instances must share MEDIA_SECRET (or
 * REALTIME_SECRET); one process alone is served by a random key.
 */
export class MediaSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: () => Date,
  ) {}

  static fromEnvironment(clock: () => Date): MediaSigner {
    const configured = process.env.MEDIA_SECRET || process.env.REALTIME_SECRET;
    return new MediaSigner(configured ? Buffer.from(configured) : randomBytes(32), clock);
  }

  sign(purpose: SignedPurpose, id: string, ttlSeconds: number): { expires: number; signature: string } {
    const expires = Math.floor(this.clock().getTime() / 1000) + ttlSeconds;
    return { expires, signature: this.mac(purpose, id, expires) };
  }

  /** True when the signature is this key's for that purpose and id, and has not expired. */
  verify(purpose: SignedPurpose, id: string, expires: unknown, signature: unknown): boolean {
    return this.check(purpose, id, expires, signature) === 'valid';
  }

  /** Like verify, but tells an expired signature of this key from one that was never this key's. */
  check(
    purpose: SignedPurpose,
    id: string,
    expires: unknown,
    signature: unknown,
  ): 'valid' | 'expired' | 'invalid' {
    const at = Number(expires);
    if (!Number.isSafeInteger(at) || typeof signature !== 'string' || signature.length > 100)
      return 'invalid';
    const expected = Buffer.from(this.mac(purpose, id, at));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return at < this.clock().getTime() / 1000 ? 'expired' : 'valid';
  }

  private mac(purpose: string, id: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`media:${purpose}:${id}:${expires}`).digest('base64url');
  }
}

/** Upload params stay valid for a long exam and its slow uploads; playback URLs for an hour. */
export const UPLOAD_TTL_SECONDS = 24 * 3600;
export const PLAY_TTL_SECONDS = 3600;
