import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { AgentServerFrame } from '@sabaq/events';
import type { AgentCertificate } from './certificate';
import type { PlatformClient } from './platform-client';
import { AgentSession } from './session';
import type { DeviceSnapshot } from './snapshot';
import { AGENT_VERSION } from './version';

export interface AgentServerOptions {
  certificate: AgentCertificate;
  platform: PlatformClient;
  port: number;
  collect: () => Promise<DeviceSnapshot>;
  log?: (line: string) => void;
  now?: () => number;
  scanMs?: number;
}

/** The page the student opens once, so the browser trusts the agent's certificate. */
const trustPage = (origin: string) => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>Sabaq agent</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:3em auto">
<h1>Агент экзамена Sabaq ${AGENT_VERSION} работает</h1>
<p>Сертификат принят. Закройте эту вкладку и вернитесь на страницу экзамена: ${origin}</p>
<p lang="en">The Sabaq exam agent is running. The certificate is trusted; close this tab and return to the exam page.</p>
<p lang="kk">Sabaq емтихан агенті жұмыс істеп тұр. Осы қойындыны жабып, емтихан бетіне оралыңыз.</p>
</body></html>`;

/**
 * The agent's loopback server: https on 127.0.0.1 only (never another interface), `GET /` the trust
 * page, and the secure websocket the exam page talks to. A socket from a page of another origin is
 * refused before anything is read.
 */
export async function startAgentServer(
  options: AgentServerOptions,
): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const log = options.log ?? (() => {});
  const origin = options.platform.origin;
  const server = createServer(
    { key: options.certificate.key, cert: options.certificate.cert },
    (req, res) => {
      if (req.method === 'GET' && (req.url === '/' || req.url === '/index.html')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(trustPage(origin));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    },
  );
  const sockets = new WebSocketServer({ server, maxPayload: 16 * 1024 });
  sockets.on('connection', (socket, request) => {
    const send = (frame: AgentServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    if (request.headers.origin !== origin) {
      send({ type: 'refused', reason: 'wrong_origin', message: `Only pages of ${origin} may connect` });
      socket.close(1008, 'wrong origin');
      return;
    }
    const session = new AgentSession({
      platform: options.platform,
      collect: options.collect,
      now: options.now ?? Date.now,
      send,
      close: () => socket.close(1000),
      log,
      ...(options.scanMs !== undefined ? { scanMs: options.scanMs } : {}),
    });
    // Frames are handled one after another, as sent.
    let queue = Promise.resolve();
    socket.on('message', (data) => {
      queue = queue
        .then(() => session.onMessage(String(data)))
        .catch((error: unknown) => log(`frame failed: ${String(error)}`));
    });
    socket.on('close', () => {
      queue = queue.then(() => session.onClose());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolve());
      }),
  };
}
