/**
 * `npm run bench -- api`: the HTTP API under load, against a bare Fastify route in the same process.
 * Starts the real embedded platform with the demo data, signs in as the manager, and drives each target
 * with autocannon (100 connections, BENCH_SECONDS each) from a child process, so the load generator
 * never runs on the server's event loop. The baseline is a Fastify route answering a constant JSON.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { startEmbeddedPlatform } from '../../services/src/roles/embedded';
import { hostInfo } from './host';
import { record, type Figure } from './record';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const run = promisify(execFile);

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
}

/** autocannon's --json summary of one target, after a short warm-up; any non-2xx answer fails the run. */
async function load(url: string, token?: string): Promise<Load> {
  const args = ['autocannon', '-j', '-c', String(CONNECTIONS), '-d', String(SECONDS)];
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  args.push('-W', '[', '-c', '10', '-d', '2', ']', url);
  const { stdout } = await run('npx', ['--no-install', ...args], { maxBuffer: 16 * 2 ** 20 });
  // With a warm-up autocannon prints two summaries, one per line: the measured run is the last.
  const summary = stdout.trim().split('\n').at(-1)!;
  const result = JSON.parse(summary) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: '2', username, password: 'Demo12345' }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-bench-api-'));
  const platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'error' });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ entity: { id: 'ru', name: 'Русский' } }));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    await platform.runner?.caughtUp();
    const manager = await signIn(platform.url, 'manager');
    const baseline = await load(`${bareUrl}/bare`);
    const single = await load(`${platform.url}/api/languages/ru`, manager);
    const list = await load(`${platform.url}/api/students?page=1&limit=25`, manager);
    const figures: Figure[] = [
      ...figuresOf('record_get', single, baseline),
      ...figuresOf('list_page', list, baseline),
    ];
    record(figures, { ...hostInfo(), connections: CONNECTIONS, seconds: SECONDS });
  } finally {
    await bare.close();
    await platform.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function figuresOf(name: string, measured: Load, baseline: Load): Figure[] {
  return [
    figure(
      `${name}_requests_per_s`,
      Math.round(measured.requestsPerSecond),
      'requests/s',
      Math.round(baseline.requestsPerSecond),
    ),
    figure(`${name}_p99_ms`, measured.p99Ms, 'ms', baseline.p99Ms),
  ];
}

function figure(metric: string, value: number, unit: string, baseline: number): Figure {
  return { bench: 'api', metric, value, unit, baseline, ratio: baseline ? round(value / baseline) : null };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
