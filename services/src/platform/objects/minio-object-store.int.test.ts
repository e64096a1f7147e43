import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { describeObjectStoreContract } from '../../../../tests/contracts/object-store.contract';
import { MinioObjectStore } from './minio-object-store';
import { startS3Server, type RunningS3Server } from './s3-server';

let dataDir: string | undefined;
let server: RunningS3Server | undefined;

describeObjectStoreContract('s3rver (embedded)', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-s3rver-'));
  server = await startS3Server({ dataDir, accessKey: 'sabaq-test', secretKey: 'sabaq-test-secret' });
  return new MinioObjectStore({
    kind: 's3rver',
    endpoint: server.endpoint,
    port: server.port,
    useSSL: false,
    accessKey: 'sabaq-test',
    secretKey: 'sabaq-test-secret',
    bucket: 'media',
    // The smallest part S3 allows, so the contract's 12 MiB upload takes more than one part.
    partSize: 5 * 1024 * 1024,
  });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
