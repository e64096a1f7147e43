import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { sign, type KeyPair } from '../../blackbox/identity/signing';

/**
 * A small signing program on a local secure websocket: it stands in for the one on the user's machine
 * (NCALayer's protocol: `{ module, method, args }` in, `{ code: '200', responseObject }` out). It
 * answers getKeyInfo with its certificate's subject and signXml with an enveloped XMLDSig signature
 * made with the key it holds. TLS with a self-signed certificate made by openssl at start (the browser
 * is told to accept it, as a user's machine trusts the program's own).
 */
export class SigningProgram {
  private server: https.Server | undefined;
  private wss: WebSocketServer | undefined;
  readonly requests: { method: string; args: unknown[] }[] = [];

  constructor(
    private readonly dir: string,
    public key: KeyPair,
  ) {}

  /** The common name and the whole subject of the certificate the program holds now. */
  private subject(): { subjectCn: string; subjectDn: string } {
    const subject = new X509Certificate(this.key.certificate).subject;
    return { subjectCn: /^CN=(.*)$/m.exec(subject)?.[1] ?? '', subjectDn: subject.replace(/\n/g, ', ') };
  }

  async start(port: number): Promise<void> {
    const key = path.join(this.dir, 'tls.key');
    const cert = path.join(this.dir, 'tls.crt');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'pipe' },
    );
    this.server = https.createServer({ key: await readFile(key), cert: await readFile(cert) });
    this.wss = new WebSocketServer({ server: this.server });
    this.wss.on('connection', (socket) => {
      socket.on('message', (raw) => {
        const request = JSON.parse(String(raw)) as { method: string; args: unknown[] };
        this.requests.push(request);
        if (request.method === 'getKeyInfo') {
          socket.send(
            JSON.stringify({
              code: '200',
              responseObject: this.subject(),
            }),
          );
        } else if (request.method === 'signXml') {
          const xml = String(request.args[2]);
          socket.send(JSON.stringify({ code: '200', responseObject: sign(xml, this.key) }));
        } else {
          socket.send(JSON.stringify({ code: '500', message: `unknown method ${request.method}` }));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const client of this.wss?.clients ?? []) client.terminate();
    await new Promise((resolve) => this.wss?.close(resolve));
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}
