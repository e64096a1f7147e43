import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface AgentCertificate {
  key: string;
  cert: string;
  fingerprint: string | null;
}

/**
 * The loopback certificate: made on the first run and kept in the data directory, so the student
 * trusts it once (by opening https://127.0.0.1:<port>/) and not on every start. Valid for 127.0.0.1
 * and localhost only.
 */
export async function loadOrMakeCertificate(dataDir: string): Promise<AgentCertificate> {
  const keyPath = join(dataDir, 'agent-key.pem');
  const certPath = join(dataDir, 'agent-cert.pem');
  try {
    return {
      key: await readFile(keyPath, 'utf8'),
      cert: await readFile(certPath, 'utf8'),
      fingerprint: null,
    };
  } catch {
    // Not made yet: made below.
  }
  await mkdir(dataDir, { recursive: true });
  const made = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  await writeFile(keyPath, made.private, { mode: 0o600 });
  await writeFile(certPath, made.cert);
  return { key: made.private, cert: made.cert, fingerprint: made.fingerprint };
}
