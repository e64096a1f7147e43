import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type RunningS3Server } from './s3-server';

const credentials = { accessKey: 'sabaq-s3', secretKey: 'sabaq-s3-secret' };

function clientFor(
  server: RunningS3Server,
  overrides: { accessKey?: string; partSize?: number } = {},
): Client {
  return new Client({
    endPoint: server.endpoint,
    port: server.port,
    useSSL: false,
    region: 'us-east-1',
    ...credentials,
    ...overrides,
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('embedded S3 server (s3rver)', () => {
  let dataDir: string;
  let server: RunningS3Server;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-s3-server-'));
    server = await startS3Server({ dataDir, ...credentials });
    await clientFor(server).makeBucket('media', 'us-east-1');
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on a port the kernel chose, on loopback only', async () => {
    expect(server.endpoint).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const other = await startS3Server({ dataDir: path.join(dataDir, 'other'), ...credentials });
    expect(other.port).not.toBe(server.port);
    await other.stop();
    await expect(startS3Server({ dataDir, host: '0.0.0.0' as '127.0.0.1', ...credentials })).rejects.toThrow(
      '127.0.0.1 only',
    );
  });

  it('answers ListMultipartUploads with an empty list, and NoSuchBucket for an unknown bucket', async () => {
    const listed = await fetch(`${server.url}/media?uploads&prefix=a%26b&max-uploads=1000`);
    expect(listed.status).toBe(200);
    const xml = await listed.text();
    expect(xml).toContain('<ListMultipartUploadsResult');
    expect(xml).toContain('<Bucket>media</Bucket>');
    expect(xml).toContain('<Prefix>a&amp;b</Prefix>');
    expect(xml).not.toContain('<Upload>');
    const unknown = await fetch(`${server.url}/no-such-bucket?uploads`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('NoSuchBucket');
  });

  it('lets the minio client send a stream of unknown length in several parts', async () => {
    const client = clientFor(server, { partSize: 5 * 1024 * 1024 });
    let log = '';
    // Written synchronously, so the log is complete as soon as the upload resolves.
    const trace = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    client.traceOn(trace);
    const bytes = randomBytes(11 * 1024 * 1024);
    const chunks = Array.from({ length: 11 }, (_, i) =>
      bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    await client.putObject('media', 'parts/video.webm', Readable.from(chunks));
    client.traceOff();
    // minio sends 5 MiB, then the rest (6 MiB) as the last part.
    const parts = log.match(/^REQUEST: PUT \/media\/parts\/video\.webm\?partNumber=\d+&uploadId=/gm) ?? [];
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const stored = await client.getObject('media', 'parts/video.webm');
    const received: Buffer[] = [];
    for await (const chunk of stored) received.push(chunk as Buffer);
    expect(sha256(Buffer.concat(received))).toBe(sha256(bytes));
  });

  it('refuses an access key it was not given', async () => {
    const stranger = clientFor(server, { accessKey: 'stranger' });
    await expect(stranger.putObject('media', 'intruder.txt', Buffer.from('x'))).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    await expect(clientFor(server).statObject('media', 'intruder.txt')).rejects.toMatchObject({
      code: 'NotFound',
    });
  });

  it('keeps buckets and objects in its folder across a restart', async () => {
    const folder = path.join(dataDir, 'restart');
    const first = await startS3Server({ dataDir: folder, ...credentials });
    await clientFor(first).makeBucket('kept', 'us-east-1');
    await clientFor(first).putObject('kept', 'note.txt', Buffer.from('still here'));
    await first.stop();

    const second = await startS3Server({ dataDir: folder, ...credentials });
    try {
      const stat = await clientFor(second).statObject('kept', 'note.txt');
      expect(stat.size).toBe('still here'.length);
    } finally {
      await second.stop();
    }
  });
});
