import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';

const PING_TIMEOUT_MS = 1_500;

let available: Promise<boolean> | undefined;

/**
 * Whether a Docker engine answers here, asked where testcontainers would look: DOCKER_HOST, the
 * docker.host of ~/.testcontainers.properties, then the usual sockets. A GET /_ping with a short
 * timeout; the answer is kept for the rest of the run.
 */
export function dockerAvailable(): Promise<boolean> {
  available ??= Promise.all(candidates().map(ping)).then((answers) => answers.some(Boolean));
  return available;
}

/**
 * A suite that needs a Docker engine (testcontainers). Where none answers it is reported as skipped,
 * with a line saying so, rather than passing without having run.
 */
export function describeWithDocker(name: string, fn: () => void): void {
  describe(name, async () => {
    if (await dockerAvailable()) {
      fn();
      return;
    }
    const reason = `skipped: no Docker engine (${name})`;
    console.warn(reason);
    it.skip(reason, () => undefined);
  });
}

type Endpoint = { socketPath: string } | { url: URL; tls?: { ca?: Buffer; cert?: Buffer; key?: Buffer } };

function candidates(): Endpoint[] {
  const configured = process.env.DOCKER_HOST ?? testcontainersDockerHost();
  if (configured) {
    const endpoint = parseDockerHost(configured);
    return endpoint ? [endpoint] : [];
  }
  const home = os.homedir();
  const uid = process.getuid?.();
  const sockets = [
    '/var/run/docker.sock',
    process.env.XDG_RUNTIME_DIR && path.join(process.env.XDG_RUNTIME_DIR, 'docker.sock'),
    uid !== undefined && `/run/user/${uid}/docker.sock`,
    path.join(home, '.docker/run/docker.sock'),
    path.join(home, '.docker/desktop/docker.sock'),
  ].filter((s): s is string => typeof s === 'string' && s.length > 0);
  return [...new Set(sockets)].map((socketPath) => ({ socketPath }));
}

function parseDockerHost(value: string): Endpoint | undefined {
  if (value.startsWith('unix://')) return { socketPath: value.slice('unix://'.length) };
  if (!value.startsWith('tcp://')) return undefined;
  const tlsVerify = process.env.DOCKER_TLS_VERIFY === '1';
  const url = new URL(value.replace('tcp://', tlsVerify ? 'https://' : 'http://'));
  if (!tlsVerify) return { url };
  const certDir = process.env.DOCKER_CERT_PATH ?? path.join(os.homedir(), '.docker');
  const read = (file: string) => {
    try {
      return readFileSync(path.join(certDir, file));
    } catch {
      return undefined;
    }
  };
  return { url, tls: { ca: read('ca.pem'), cert: read('cert.pem'), key: read('key.pem') } };
}

function testcontainersDockerHost(): string | undefined {
  try {
    const text = readFileSync(path.join(os.homedir(), '.testcontainers.properties'), 'utf8');
    return /^\s*docker\.host\s*=\s*(\S+)/m.exec(text)?.[1];
  } catch {
    return undefined;
  }
}

function ping(endpoint: Endpoint): Promise<boolean> {
  return new Promise((resolve) => {
    const onResponse = (res: http.IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 && body.trim() === 'OK'));
      res.on('error', () => resolve(false));
    };
    const request =
      'socketPath' in endpoint
        ? http.get({ socketPath: endpoint.socketPath, path: '/_ping', timeout: PING_TIMEOUT_MS }, onResponse)
        : (endpoint.url.protocol === 'https:' ? https : http).get(
            new URL('/_ping', endpoint.url),
            { timeout: PING_TIMEOUT_MS, ...endpoint.tls },
            onResponse,
          );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}
