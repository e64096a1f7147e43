import { connect } from 'node:net';

// A type, not an interface: it must fit the response schema's loose object (an index signature).
export type Reachability = {
  address: string;
  reachable: boolean;
  latency_ms: number | null;
  error: string | null;
};

const DEFAULT_PORTS: Record<string, number> = { 'https:': 443, 'wss:': 443, 'http:': 80, 'ws:': 80 };

/** host:port a server's address is reached at (the URL's port, else its scheme's). */
export function endpointOf(address: string): { host: string; port: number } {
  const url = new URL(address);
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
  if (!port) throw new Error(`no port for ${url.protocol}`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

/**
 * Whether a TCP connection to the address opens, and how long that took. Only the handshake: a
 * webinar server's own protocol (WebRTC signalling, a media server's API) is not spoken here, so
 * "reachable" means the host answers on its port, not that the service behind it works.
 */
export function probe(address: string, timeoutMs = 3000): Promise<Reachability> {
  let endpoint: { host: string; port: number };
  try {
    endpoint = endpointOf(address);
  } catch (error) {
    return Promise.resolve({ address, reachable: false, latency_ms: null, error: (error as Error).message });
  }
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const socket = connect({ host: endpoint.host, port: endpoint.port });
    const finish = (error: string | null) => {
      socket.destroy();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      resolve({
        address,
        reachable: error === null,
        latency_ms: error === null ? Math.round(ms * 10) / 10 : null,
        error,
      });
    };
    socket.setTimeout(timeoutMs, () => finish(`no answer within ${timeoutMs} ms`));
    socket.once('connect', () => finish(null));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
  });
}
