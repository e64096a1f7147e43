import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

export interface KeyPair {
  key: string;
  certificate: string;
}

/** A real key pair and self-signed certificate, made by the openssl command line as a user's would be. */
export async function newKeyPair(dir: string, name: string, keyArgs: string[]): Promise<KeyPair> {
  const key = path.join(dir, `${name}.key`);
  const certificate = path.join(dir, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      ...keyArgs,
      '-nodes',
      '-keyout',
      key,
      '-out',
      certificate,
      '-days',
      '30',
      '-subj',
      `/CN=${name}/O=Sabaq test`,
    ],
    { stdio: 'pipe' },
  );
  return { key: await readFile(key, 'utf8'), certificate: await readFile(certificate, 'utf8') };
}

/**
 * What the signing application does: an enveloped XMLDSig signature over the whole document, with the
 * certificate in KeyInfo. `signer` holds the private key; `named` is the certificate KeyInfo carries.
 */
export function sign(
  xml: string,
  signer: KeyPair,
  options: { named?: KeyPair; algorithm?: string } = {},
): string {
  const signed = new SignedXml({
    privateKey: signer.key,
    publicCert: (options.named ?? signer).certificate,
    signatureAlgorithm: options.algorithm ?? RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  signed.addReference({
    xpath: '/*',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    uri: '',
    isEmptyUri: true,
  });
  signed.computeSignature(xml);
  return signed.getSignedXml();
}
