import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { authDocument, readAuthDocument } from './auth-document';
import { SignatureRefusedError } from './errors';
import { signatureOf, verifiedContent } from './signed-xml';

const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pub: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const mine = pair();
const other = pair();

function sign(xml: string, key: string, reference: { xpath: string; uri: string; isEmptyUri: boolean }) {
  const signed = new SignedXml({
    privateKey: key,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: EXC_C14N,
  });
  signed.addReference({
    ...reference,
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signed.computeSignature(xml);
  return signed.getSignedXml();
}
const whole = { xpath: '/*', uri: '', isEmptyUri: true };
const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof SignatureRefusedError) return error.reason;
    throw error;
  }
  return 'accepted';
};
const verify = (xml: string, pub = mine.pub) => verifiedContent(xml, signatureOf(xml).signature, pub);

const NOW = new Date('2026-09-01T08:00:00.000Z');
const NONCE = 'nonce-0123456789abcdef';

describe('the signed authentication document', () => {
  it('verifies an enveloped signature over the whole document and reads what was signed', () => {
    const xml = sign(authDocument(NOW.toISOString(), NONCE), mine.key, whole);
    const content = verify(xml);
    expect(content).not.toContain('Signature');
    expect(readAuthDocument(content, NOW)).toEqual({ timestamp: NOW.toISOString(), nonce: NONCE });
    expect(reason(() => verify(xml, other.pub))).toBe('signature');
  });

  it('refuses a signature over a part only, so unsigned content cannot ride along', () => {
    const doc = `<auth><text Id="t">Sabaq: вход по электронной подписи</text><timestamp>${NOW.toISOString()}</timestamp><nonce>${NONCE}</nonce></auth>`;
    const partial = sign(doc, mine.key, { xpath: "//*[@Id='t']", uri: '#t', isEmptyUri: false });
    expect(reason(() => verify(partial))).toBe('document');
  });

  it('refuses entities, a second signature and a document without one', () => {
    const xml = sign(authDocument(NOW.toISOString(), NONCE), mine.key, whole);
    expect(reason(() => signatureOf(`<!DOCTYPE auth [<!ENTITY x "y">]>${xml}`))).toBe('document');
    const twice = xml.replace('</auth>', `${/<Signature[\s\S]*<\/Signature>/.exec(xml)![0]}</auth>`);
    expect(reason(() => signatureOf(twice))).toBe('document');
    expect(reason(() => signatureOf(authDocument(NOW.toISOString(), NONCE)))).toBe('document');
    expect(reason(() => signatureOf('<auth>'))).toBe('document');
  });

  it('accepts the fixed text with a fresh time and a nonce only', () => {
    const read = (xml: string, at = NOW) => reason(() => readAuthDocument(xml, at));
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(read(authDocument(NOW.toISOString(), NONCE), at(5 * 60_000))).toBe('accepted');
    expect(read(authDocument(NOW.toISOString(), NONCE), at(5 * 60_000 + 1))).toBe('stale');
    expect(read(authDocument(NOW.toISOString(), NONCE), at(-5 * 60_000 - 1))).toBe('stale');
    expect(read(authDocument(NOW.toISOString(), 'short'))).toBe('document');
    expect(read(authDocument('yesterday', NONCE))).toBe('document');
    expect(read(authDocument(NOW.toISOString(), NONCE).replace('</auth>', '<extra/></auth>'))).toBe(
      'document',
    );
    expect(read(authDocument(NOW.toISOString(), NONCE).replace('вход', 'выход'))).toBe('document');
  });
});
