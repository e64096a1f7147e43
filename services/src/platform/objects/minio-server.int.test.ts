import { afterAll } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { describeObjectStoreContract } from '../../../../tests/contracts/object-store.contract';
import { describeWithDocker } from '../../../../tests/support/docker';
import { MinioObjectStore } from './minio-object-store';

// Pinned to a release; override to try another.
const IMAGE = process.env.MINIO_IMAGE ?? 'minio/minio:RELEASE.2025-04-22T22-12-26Z';
const ROOT_USER = 'sabaq-minio';
const ROOT_PASSWORD = 'sabaq-minio-secret';

describeWithDocker('MinIO contract', () => {
  let container: StartedTestContainer | undefined;

  describeObjectStoreContract('MinIO', async () => {
    // Loaded only where a Docker engine answers, so a machine without one never needs it to load.
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer(IMAGE)
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: ROOT_USER, MINIO_ROOT_PASSWORD: ROOT_PASSWORD })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000).forStatusCode(200))
      .withStartupTimeout(120_000)
      .start();
    return new MinioObjectStore({
      kind: 'minio',
      endpoint: container.getHost(),
      port: container.getMappedPort(9000),
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      bucket: 'media',
      partSize: 5 * 1024 * 1024,
    });
  });

  afterAll(async () => {
    await container?.stop();
  });
});
