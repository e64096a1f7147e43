import { DOMParser, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { SignatureRefusedError } from './errors';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** SHA-1 is refused: its collisions are practical, and a signature over it proves too little. */
const SIGNATURE_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  'http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1',
]);
const DIGEST_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512',
]);

/** Parses XML strictly: any error or warning refuses it; a DOCTYPE (entities) is refused outright. */
export function parseXml(xml: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new SignatureRefusedError('document');
  try {
    return new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(xml, 'text/xml');
  } catch {
    throw new SignatureRefusedError('document');
  }
}

/** The signature of a signed document, and the certificate its KeyInfo names (base64 DER), if any. */
export function signatureOf(xml: string): { signature: Element; certificate: string | null } {
  const doc = parseXml(xml);
  const signatures = doc.getElementsByTagNameNS(DSIG, 'Signature');
  if (signatures.length !== 1) throw new SignatureRefusedError('document');
  const signature = signatures.item(0)!;
  const certificate = signature.getElementsByTagNameNS(DSIG, 'X509Certificate').item(0)?.textContent?.trim();
  return { signature, certificate: certificate || null };
}

/**
 * Checks an enveloped XMLDSig signature with the given certificate (never one taken from the document)
 * and answers what was signed: the whole document without its signature, canonicalised. Only that
 * text is read afterwards, so nothing outside the signature can be slipped in (signature wrapping).
 */
export function verifiedContent(xml: string, signature: Element, certificatePem: string): string {
  const signed = new SignedXml({ publicCert: certificatePem });
  let valid: boolean;
  try {
    signed.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
    if (!SIGNATURE_ALGORITHMS.has(signed.signatureAlgorithm ?? ''))
      throw new SignatureRefusedError('algorithm');
    valid = signed.checkSignature(xml);
  } catch (error) {
    if (error instanceof SignatureRefusedError) throw error;
    valid = false;
  }
  if (!valid) throw new SignatureRefusedError('signature');
  const references = signed.getReferences();
  const [reference] = references;
  const wholeDocument =
    references.length === 1 &&
    reference !== undefined &&
    reference.uri === '' &&
    reference.transforms.includes(ENVELOPED) &&
    DIGEST_ALGORITHMS.has(reference.digestAlgorithm);
  const content = signed.getSignedReferences();
  if (!wholeDocument || content.length !== 1) throw new SignatureRefusedError('document');
  return content[0]!;
}
