import { ValidationError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import { loadState } from '../../../platform/commands/decider';
import { acceptableCertificate } from './certificate';
import { signerDecider, signerStream } from './certificate-deciders';
import { SignatureRefusedError } from './errors';
import { decodeSignedDocument } from './grant';
import { parseXml, signatureOf, verifiedContent } from './signed-xml';

type Services = Pick<ContextServices, 'store' | 'clock'>;

const POLICY_TEXTS = {
  document: 'Подписан не тот документ: подпишите текст политики конфиденциальности',
  otherKey: 'Документ подписан не тем сертификатом, который вы зарегистрировали',
} as const;

/**
 * The privacy-policy challenge's signature: the signing application's enveloped XMLDSig over a document
 * whose text is the policy the user was shown. The signature must hold for the certificate in KeyInfo
 * (an RSA key of at least 2048 bits, valid now); a user who registered a signing certificate must sign
 * with that one, and it is then checked with the registered copy, never with the document's. Only the
 * signed content is read (as for sign-in), so text outside the signature cannot change what was agreed.
 * Refusals are 422 on `signature`, since the caller is signed in and only this field is wrong.
 */
export async function verifyPolicySignature(
  services: Services,
  userId: string,
  policy: string,
  signatureBase64: string,
): Promise<{ fingerprint: string }> {
  try {
    const xml = decodeSignedDocument(signatureBase64);
    const { signature, certificate } = signatureOf(xml);
    if (!certificate)
      throw new ValidationError(POLICY_TEXTS.otherKey, { signature: [POLICY_TEXTS.otherKey] });
    const now = services.clock();
    const named = acceptableCertificate(certificate, now);
    const { state: signer } = await loadState(services.store, signerStream(userId), signerDecider);
    const registered = signer.certificate;
    if (registered && registered.fingerprint !== named.fingerprint) {
      throw new ValidationError(POLICY_TEXTS.otherKey, { signature: [POLICY_TEXTS.otherKey] });
    }
    const content = verifiedContent(xml, signature, registered?.certificate ?? named.pem);
    if (normalised(parseXml(content).documentElement?.textContent ?? '') !== normalised(policy)) {
      throw new ValidationError(POLICY_TEXTS.document, { signature: [POLICY_TEXTS.document] });
    }
    return { fingerprint: named.fingerprint };
  } catch (error) {
    if (error instanceof ValidationError) {
      // A certificate refused for what it is (not RSA, short, expired) speaks of the signature here.
      const text = error.message;
      throw new ValidationError(text, { signature: [text] });
    }
    if (error instanceof SignatureRefusedError) {
      const text = error.reason === 'document' ? POLICY_TEXTS.document : error.message;
      throw new ValidationError(text, { signature: [text] });
    }
    throw error;
  }
}

/** Whitespace does not change what a text says; line breaks differ between signing applications. */
function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
