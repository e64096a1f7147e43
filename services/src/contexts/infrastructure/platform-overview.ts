import type { Health } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../../platform/ports/objects';

export interface BucketUsage {
  kind: string;
  bucket: string;
  reachable: boolean;
  latency_ms: number | null;
  objects: number | null;
  bytes: number | null;
  /** Objects and bytes under each top-level prefix (recordings/, media/, exports/ …). */
  prefixes: { prefix: string; objects: number; bytes: number }[];
  counted_at: string;
  error: string | null;
}

const USAGE_TTL_MS = 60_000;
/** Per object store: several platforms in one process (tests) each count their own bucket. */
let cached = new WeakMap<ObjectStore, { at: number; usage: BucketUsage }>();

/**
 * The platform's own object storage: reachable (a ping, timed) and what it holds, counted by listing
 * the bucket. Listing is linear in the objects, so the count is kept for a minute per process.
 */
export async function bucketUsage(objects: ObjectStore, now: Date): Promise<BucketUsage> {
  const hit = cached.get(objects);
  if (hit && now.getTime() - hit.at < USAGE_TTL_MS) return hit.usage;
  const base = { kind: objects.kind, bucket: objects.bucket, counted_at: now.toISOString() };
  const started = performance.now();
  try {
    await objects.ping();
  } catch (error) {
    return {
      ...base,
      reachable: false,
      latency_ms: null,
      objects: null,
      bytes: null,
      prefixes: [],
      error: (error as Error).message,
    };
  }
  const latency = Math.round((performance.now() - started) * 10) / 10;
  const listed = await objects.list('');
  const byPrefix = new Map<string, { objects: number; bytes: number }>();
  for (const item of listed) {
    const prefix = item.key.includes('/') ? `${item.key.split('/')[0]}/` : '';
    const entry = byPrefix.get(prefix) ?? { objects: 0, bytes: 0 };
    entry.objects += 1;
    entry.bytes += item.size;
    byPrefix.set(prefix, entry);
  }
  const usage: BucketUsage = {
    ...base,
    reachable: true,
    latency_ms: latency,
    objects: listed.length,
    bytes: listed.reduce((sum, item) => sum + item.size, 0),
    prefixes: [...byPrefix].map(([prefix, e]) => ({ prefix, ...e })).sort((a, b) => b.bytes - a.bytes),
    error: null,
  };
  cached.set(objects, { at: now.getTime(), usage });
  return usage;
}

/** Forgets the counted usage (tests that add objects and read the count again). */
export function forgetBucketUsage(): void {
  cached = new WeakMap();
}

/**
 * The platform's own parts as GET /health reports them in this process (event store, read models,
 * analytics, objects, log, http) with the mode and version. Read through the server itself, so the
 * answer is exactly what the status page shows.
 */
export async function platformRoles(
  app: FastifyInstance,
): Promise<Pick<Health, 'status' | 'mode' | 'version' | 'components'> | null> {
  const response = await app.inject({ method: 'GET', url: '/health' });
  if (response.statusCode !== 200 && response.statusCode !== 503) return null;
  const health = response.json<Health>();
  return { status: health.status, mode: health.mode, version: health.version, components: health.components };
}
