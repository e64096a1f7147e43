import { randomUUID } from 'node:crypto';
import { Client } from 'minio';

export interface StorageTarget {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string | null;
  access_key: string;
  secret_key: string;
  path_style: boolean;
}

export interface CheckStep {
  step: 'bucket' | 'put' | 'get' | 'delete';
  ok: boolean;
  ms: number;
  error: string | null;
}

export interface StorageCheck {
  ok: boolean;
  steps: CheckStep[];
}

export function clientFor(target: StorageTarget): Client {
  const url = new URL(target.endpoint);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: target.access_key,
    secretKey: target.secret_key,
    region: target.region,
    pathStyle: target.path_style,
  });
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(': ').slice(0, 300) || 'error';
}

/**
 * The "check connection" round trip: the bucket exists (HeadBucket), a small object is written, read
 * back byte for byte and removed. Stops at the first step that fails; the later ones are not tried.
 */
export async function checkStorage(target: StorageTarget, timeoutMs = 5000): Promise<StorageCheck> {
  const client = clientFor(target);
  const key = `${target.prefix ? `${target.prefix.replace(/\/+$/, '')}/` : ''}sabaq-check-${randomUUID()}.txt`;
  const body = Buffer.from(`Sabaq storage check ${new Date().toISOString()}`);
  const steps: CheckStep[] = [];
  const run = async (step: CheckStep['step'], action: () => Promise<void>) => {
    const started = performance.now();
    try {
      await withTimeout(action(), timeoutMs);
      steps.push({ step, ok: true, ms: Math.round(performance.now() - started), error: null });
      return true;
    } catch (error) {
      steps.push({ step, ok: false, ms: Math.round(performance.now() - started), error: describe(error) });
      return false;
    }
  };
  const ok =
    (await run('bucket', async () => {
      if (!(await client.bucketExists(target.bucket))) throw new Error(`NoSuchBucket: ${target.bucket}`);
    })) &&
    (await run('put', async () => {
      await client.putObject(target.bucket, key, body, body.length, { 'Content-Type': 'text/plain' });
    })) &&
    (await run('get', async () => {
      const stream = await client.getObject(target.bucket, key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      if (!Buffer.concat(chunks).equals(body))
        throw new Error('the object read back differs from the one written');
    })) &&
    (await run('delete', () => client.removeObject(target.bucket, key)));
  return { ok, steps };
}
