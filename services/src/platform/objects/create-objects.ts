import path from 'node:path';
import type { PlatformConfig } from '../config/config';
import { MinioObjectStore } from './minio-object-store';
import { startS3Server } from './s3-server';

export interface ObjectParts {
  objects: MinioObjectStore;
  /** Where it listens, for the start-up lines. */
  where: string;
  stop(): Promise<void>;
}

/** The S3 server on loopback under DATA_DIR (embedded), or the MinIO the configuration names. */
export async function createObjects(config: PlatformConfig): Promise<ObjectParts> {
  const o = config.objects;
  if (o.endpoint) {
    const url = new URL(o.endpoint);
    const useSSL = url.protocol === 'https:';
    const objects = new MinioObjectStore({
      endpoint: url.hostname,
      port: Number(url.port || (useSSL ? 443 : 80)),
      useSSL,
      accessKey: o.accessKey,
      secretKey: o.secretKey,
      bucket: o.bucket,
      region: o.region,
      resilience: o.resilience,
      kind: 'minio',
    });
    return { objects, where: o.endpoint, stop: async () => undefined };
  }
  const server = await startS3Server({
    dataDir: path.join(config.dataDir, 'objects'),
    accessKey: o.accessKey,
    secretKey: o.secretKey,
  });
  const objects = new MinioObjectStore({
    endpoint: server.endpoint,
    port: server.port,
    useSSL: false,
    accessKey: o.accessKey,
    secretKey: o.secretKey,
    bucket: o.bucket,
    region: o.region,
    resilience: o.resilience,
    kind: 's3rver',
  });
  return { objects, where: server.url, stop: () => server.stop() };
}
