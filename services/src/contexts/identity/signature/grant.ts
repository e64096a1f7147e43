import { createHash, X509Certificate } from 'node:crypto';
import { WrongExpectedVersionError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import { isDeactivated, type IdentityAuth, type TokenAnswer } from '../auth-service';
import { loadState } from '../../../platform/commands/decider';
import { uuidV5 } from '../../../platform/ids';
import { userDecider, userStream } from '../user-decider';
import { readAuthDocument } from './auth-document';
import { fingerprintOf, toPem } from './certificate';
import { certificateDecider, certificateStream, signerDecider, signerStream } from './certificate-deciders';
import { SignatureRefusedError } from './errors';
import { signatureOf, verifiedContent } from './signed-xml';

/** The grant_type of POST /oauth/token that signs in with a digital signature (client id 3). */
export const SIGNATURE_GRANT = 'digital_signature';
export const SIGNATURE_CLIENT_ID = '3';
const MAX_DOCUMENT_BYTES = 64 * 1024;

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/**
 * The digital-signature grant. The signed document names its certificate (KeyInfo); the certificate
 * names its user (registered through /api/user/signing-key.json); the signature is then checked with
 * the certificate the user registered, never with one taken from the document. What was signed must be
 * the authentication document, made within five minutes, with a nonce never used before.
 */
export async function signInWithSignature(
  services: Services,
  auth: Pick<IdentityAuth, 'signIn'>,
  signatureBase64: string,
): Promise<TokenAnswer> {
  const xml = decodeSignedDocument(signatureBase64);
  const { signature, certificate } = signatureOf(xml);
  if (!certificate) throw new SignatureRefusedError('unknownKey');
  const fingerprint = fingerprintFromKeyInfo(certificate);
  const { state: claim } = await loadState(
    services.store,
    certificateStream(fingerprint),
    certificateDecider,
  );
  if (!claim.owner) throw new SignatureRefusedError('unknownKey');
  const userId = claim.owner;
  const { state: signer } = await loadState(services.store, signerStream(userId), signerDecider);
  const registered = signer.certificate;
  if (!registered || registered.fingerprint !== fingerprint) throw new SignatureRefusedError('unknownKey');

  const now = services.clock();
  const content = verifiedContent(xml, signature, registered.certificate);
  const { timestamp, nonce } = readAuthDocument(content, now);
  if (now.toISOString() >= registered.validTo) throw new SignatureRefusedError('expiredCertificate');

  const { state: user } = await loadState(services.store, userStream(userId), userDecider);
  if (user.status !== 'registered' || (await isDeactivated(services.store, userId)))
    throw new SignatureRefusedError('user');
  await spendNonce(services, { userId, fingerprint, nonce, signedAt: timestamp, usedAt: now.toISOString() });
  return auth.signIn(user);
}

/** The signing application's answer: base64 of the signed XML, at most 64 KiB. */
export function decodeSignedDocument(base64: string): string {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 !== 0)
    throw new SignatureRefusedError('malformed');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0 || bytes.length > MAX_DOCUMENT_BYTES) throw new SignatureRefusedError('malformed');
  return bytes.toString('utf8');
}

function fingerprintFromKeyInfo(certificate: string): string {
  try {
    return fingerprintOf(new X509Certificate(toPem(certificate)));
  } catch {
    throw new SignatureRefusedError('unknownKey');
  }
}

/** Each signed document signs in once: its nonce is appended with 'no_stream', so a replay loses. */
async function spendNonce(
  services: Services,
  data: { userId: string; fingerprint: string; nonce: string; signedAt: string; usedAt: string },
): Promise<void> {
  const key = uuidV5(`${data.fingerprint}:${data.nonce}`);
  try {
    await services.store.append(
      `signonce-${key}`,
      [{ id: services.newId(), type: 'SignatureNonceUsed', data, metadata: { userId: data.userId } }],
      { expectedVersion: 'no_stream' },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new SignatureRefusedError('replayed');
    throw error;
  }
}

/**
 * Whom a signature grant is about, for the rate limit: the certificate its KeyInfo carries (hashed,
 * found by a cheap scan, before anything is verified). A school behind one address signing in together
 * then shares no budget, while one certificate is limited like one username.
 */
export function signatureRateSubject(signatureBase64: string): string {
  const head = Buffer.from(signatureBase64.slice(0, 2 * MAX_DOCUMENT_BYTES), 'base64').toString('utf8');
  const certificate = /<(?:\w+:)?X509Certificate>([^<]{1,20000})<\/(?:\w+:)?X509Certificate>/.exec(head)?.[1];
  return certificate
    ? createHash('sha256').update(certificate.replace(/\s+/g, '')).digest('hex').slice(0, 32)
    : '';
}
