import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';

export interface S3ServerOptions {
  /** Buckets and objects live under this folder and survive restarts. */
  dataDir: string;
  /** Loopback only: s3rver checks no request signatures, so it must not be reachable from elsewhere. */
  host?: '127.0.0.1';
  /** A free port is chosen by the kernel when none is given. */
  port?: number;
  accessKey: string;
  secretKey: string;
}

export interface RunningS3Server {
  /** The host name to give an S3 client (minio's `endPoint`). */
  endpoint: string;
  port: number;
  /** The same as a URL, e.g. for configuration printed at start. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded object store: s3rver (an S3 API over the file system) on a loopback port, reached with
 * the same minio client as MinIO in the distributed topology.
 */
export async function startS3Server(options: S3ServerOptions): Promise<RunningS3Server> {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1') throw new Error('The embedded S3 server listens on 127.0.0.1 only');
  const directory = path.resolve(options.dataDir);
  await mkdir(directory, { recursive: true });
  // s3rver refuses access keys it does not know (though it never checks the signature): teach it ours.
  s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(options.accessKey, options.secretKey);
  const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false });
  const handle = s3rver.callback();

  const server = http.createServer((req, res) => {
    const bucket = listUploadsBucket(req);
    if (bucket === undefined) return void handle(req, res);
    answerNoUploads(s3rver, handle, bucket, req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  // Listening on port 0 takes a free port atomically: no window for another process to grab it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The S3 server has no address');

  return {
    endpoint: host,
    port: address.port,
    url: `http://${host}:${address.port}`,
    async stop() {
      const closed = new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      // Clients keep idle sockets open (keep-alive); they must not hold the shutdown up.
      server.closeAllConnections();
      await closed;
      s3rver.logger.close();
    },
  };
}

/** The bucket of a ListMultipartUploads request (`GET /<bucket>?uploads`), else undefined. */
function listUploadsBucket(req: http.IncomingMessage): string | undefined {
  if (req.method !== 'GET' || !req.url) return undefined;
  const url = new URL(req.url, 'http://s3.local');
  if (!url.searchParams.has('uploads')) return undefined;
  const match = /^\/([^/]+)\/?$/.exec(url.pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * s3rver does not implement ListMultipartUploads and answers 501, which fails every multipart upload:
 * the minio client asks for unfinished uploads of the key first, to resume one. Saying there are none
 * makes it start afresh, which is all a resumed upload would need here. Unknown buckets still get
 * s3rver's own NoSuchBucket answer.
 */
async function answerNoUploads(
  s3rver: S3rver,
  handle: http.RequestListener,
  bucket: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  if (!(await s3rver.store.getBucket(bucket))) return void handle(req, res);
  const params = new URL(req.url!, 'http://s3.local').searchParams;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${escapeXml(bucket)}</Bucket>` +
    `<KeyMarker>${escapeXml(params.get('key-marker') ?? '')}</KeyMarker>` +
    `<UploadIdMarker>${escapeXml(params.get('upload-id-marker') ?? '')}</UploadIdMarker>` +
    '<NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker>' +
    `<Prefix>${escapeXml(params.get('prefix') ?? '')}</Prefix>` +
    `<MaxUploads>${Number(params.get('max-uploads')) || 1000}</MaxUploads>` +
    '<IsTruncated>false</IsTruncated>' +
    '</ListMultipartUploadsResult>';
  res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) });
  res.end(xml);
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );
}
