import { X509Certificate } from 'node:crypto';
import { ValidationError } from '../../../platform/errors';

export interface ParsedCertificate {
  /** PEM, normalised: what verification uses, whatever form it came in. */
  pem: string;
  /** SHA-256 of the DER, lowercase hex: the certificate's name in streams. */
  fingerprint: string;
  subject: string;
  validFrom: string;
  validTo: string;
}

const MIN_RSA_BITS = 2048;

const refuse = (text: string) => new ValidationError(text, { certificate: [text] });

/** PEM as given, or the bare base64 DER a signing application hands out (KeyInfo's X509Certificate). */
export function toPem(certificate: string): string {
  const text = certificate.trim();
  if (text.startsWith('-----BEGIN')) return `${text}\n`;
  const body = text.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

export function fingerprintOf(certificate: X509Certificate): string {
  return certificate.fingerprint256.replace(/:/g, '').toLowerCase();
}

/** Parses a certificate; 422 on certificate when it is not one. */
export function parseCertificate(certificate: string): { x509: X509Certificate; parsed: ParsedCertificate } {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(toPem(certificate));
  } catch {
    throw refuse('Неверный сертификат: ожидается X.509 в формате PEM');
  }
  return {
    x509,
    parsed: {
      pem: x509.toString(),
      fingerprint: fingerprintOf(x509),
      subject: x509.subject.replace(/\n/g, ', '),
      validFrom: new Date(x509.validFrom).toISOString(),
      validTo: new Date(x509.validTo).toISOString(),
    },
  };
}

/**
 * A certificate a user may sign in with: an RSA key of at least 2048 bits, valid now. GOST keys
 * (the specification allows RSA or GOST) are not supported here: Node's OpenSSL has no GOST engine.
 */
export function acceptableCertificate(certificate: string, now: Date): ParsedCertificate {
  const { x509, parsed } = parseCertificate(certificate);
  let type: string | undefined;
  let bits: number | undefined;
  try {
    type = x509.publicKey.asymmetricKeyType;
    bits = x509.publicKey.asymmetricKeyDetails?.modulusLength;
  } catch {
    type = undefined;
  }
  if (type !== 'rsa')
    throw refuse('Поддерживаются только ключи RSA; ключи ГОСТ и другие здесь не поддерживаются');
  if ((bits ?? 0) < MIN_RSA_BITS) throw refuse(`Ключ RSA короче ${MIN_RSA_BITS} бит не принимается`);
  if (now.toISOString() >= parsed.validTo) throw refuse('Срок действия сертификата истек');
  if (now.toISOString() < parsed.validFrom) throw refuse('Сертификат еще не действует');
  return parsed;
}
