import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** dockerAvailable() keeps its answer for the run: each case loads a fresh copy of the module. */
async function freshDockerAvailable(): Promise<() => Promise<boolean>> {
  vi.resetModules();
  return (await import('./docker')).dockerAvailable;
}

function listen(server: http.Server, target: string | number): Promise<void> {
  return new Promise((resolve) => server.listen(target, () => resolve()));
}

const stop = (server: http.Server) => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
};

describe('dockerAvailable', () => {
  let dir: string;
  const savedHost = process.env.DOCKER_HOST;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docker-ping-'));
  });
  afterEach(async () => {
    if (savedHost === undefined) delete process.env.DOCKER_HOST;
    else process.env.DOCKER_HOST = savedHost;
    await rm(dir, { recursive: true, force: true });
  });

  it('sees an engine that answers /_ping on the DOCKER_HOST socket', async () => {
    const engine = http.createServer((req, res) => res.end(req.url === '/_ping' ? 'OK' : 'no'));
    const socket = path.join(dir, 'docker.sock');
    await listen(engine, socket);
    process.env.DOCKER_HOST = `unix://${socket}`;
    try {
      expect(await (await freshDockerAvailable())()).toBe(true);
    } finally {
      await stop(engine);
    }
  });

  it('sees an engine on a tcp DOCKER_HOST', async () => {
    const engine = http.createServer((_req, res) => res.end('OK'));
    await listen(engine, 0);
    process.env.DOCKER_HOST = `tcp://127.0.0.1:${(engine.address() as AddressInfo).port}`;
    try {
      expect(await (await freshDockerAvailable())()).toBe(true);
    } finally {
      await stop(engine);
    }
  });

  it('says no when nothing listens there', async () => {
    process.env.DOCKER_HOST = `unix://${path.join(dir, 'absent.sock')}`;
    expect(await (await freshDockerAvailable())()).toBe(false);
  });

  it('says no, within its timeout, when the engine never answers', async () => {
    const silent = http.createServer(() => undefined);
    const socket = path.join(dir, 'silent.sock');
    await listen(silent, socket);
    process.env.DOCKER_HOST = `unix://${socket}`;
    const started = Date.now();
    try {
      expect(await (await freshDockerAvailable())()).toBe(false);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await stop(silent);
    }
  });
});
