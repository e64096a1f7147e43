import { PassThrough, pipeline, type Readable } from 'node:stream';
import { Client, CopyDestinationOptions, CopySourceOptions, type BucketItem } from 'minio';
import { NotFoundError } from '../errors';
import type { ObjectInfo, ObjectStore } from '../ports/objects';
import { DEFAULT_STORE_RESILIENCE, guardStoreCall, type StoreResilience } from './store-availability';
import { timedTransport } from './timed-transport';

export interface MinioObjectStoreOptions {
  /** Host name of the S3 server: s3rver's loopback address, or MinIO's. */
  endpoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Known up front, the client never asks the server for the bucket's region (one request less). */
  region?: string;
  /**
   * Multipart part size. A stream of unknown length is sent in parts of this size, each held in
   * memory while it is sent, and can reach 10,000 parts: 16 MiB allows 160 GB. At least 5 MiB (S3).
   */
  partSize?: number;
  /** What ping and logs call this store: 's3rver' embedded, 'minio' distributed. */
  kind?: string;
  /** Timeouts and retries (store-availability.ts); the defaults suit a store on the same network. */
  resilience?: Partial<StoreResilience>;
}

const NOT_FOUND = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);
const ALREADY_MINE = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

/**
 * The object store port over the minio client. One class for s3rver (embedded) and MinIO
 * (distributed): both speak S3, the only difference is where they listen.
 */
export class MinioObjectStore implements ObjectStore {
  readonly kind: string;
  readonly bucket: string;
  private readonly client: Client;
  private readonly region: string;
  private readonly resilience: StoreResilience;

  constructor(options: MinioObjectStoreOptions) {
    this.kind = options.kind ?? 'minio';
    this.bucket = options.bucket;
    this.region = options.region ?? 'us-east-1';
    this.resilience = { ...DEFAULT_STORE_RESILIENCE, ...options.resilience };
    this.client = new Client({
      // minio calls only request(options, callback), the one form the timed transport has.
      transport: timedTransport(options.useSSL, this.resilience) as never,
      endPoint: options.endpoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: this.region,
      partSize: options.partSize ?? 16 * 1024 * 1024,
      pathStyle: true,
    });
  }

  /** A call that may be tried again; a 503 if the store stays unavailable. */
  private guarded<T>(call: () => Promise<T>, retry = true): Promise<T> {
    return guardStoreCall(this.resilience, call, retry);
  }

  async ensureBucket(): Promise<void> {
    if (await this.guarded(() => this.client.bucketExists(this.bucket))) return;
    try {
      await this.guarded(() => this.client.makeBucket(this.bucket, this.region));
    } catch (error) {
      // Another role made it between our check and our request.
      if (!ALREADY_MINE.has(codeOf(error))) throw error;
    }
  }

  async put(
    key: string,
    body: Buffer | Readable,
    options: { contentType?: string; size?: number } = {},
  ): Promise<ObjectInfo> {
    const metadata: Record<string, string> = options.contentType
      ? { 'Content-Type': options.contentType }
      : {};
    if (Buffer.isBuffer(body)) {
      await this.guarded(() => this.client.putObject(this.bucket, key, body, body.length, metadata));
    } else {
      // A stream is read once: it cannot be sent again.
      await this.guarded(() => this.putStream(key, body, options.size, metadata), false);
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`Object ${key} vanished right after it was written`);
    return info;
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    try {
      if (!range) return await this.guarded(() => this.client.getObject(this.bucket, key));
      // minio takes a length; the port's range end is inclusive, like HTTP's.
      const length = range.end === undefined ? undefined : range.end - range.start + 1;
      return await this.guarded(() => this.client.getPartialObject(this.bucket, key, range.start, length));
    } catch (error) {
      throw notFound(error, key);
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const stat = await this.guarded(() => this.client.statObject(this.bucket, key));
      const contentType = stat.metaData['content-type'] as string | undefined;
      return { key, size: stat.size, etag: stat.etag, contentType, lastModified: stat.lastModified };
    } catch (error) {
      if (NOT_FOUND.has(codeOf(error))) return undefined;
      throw error;
    }
  }

  list(prefix: string): Promise<ObjectInfo[]> {
    return this.guarded(() => this.listOnce(prefix));
  }

  private async listOnce(prefix: string): Promise<ObjectInfo[]> {
    const items: ObjectInfo[] = [];
    const stream = this.client.listObjectsV2(this.bucket, prefix, true);
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (item: BucketItem) => {
        if (item.name !== undefined) {
          items.push({ key: item.name, size: item.size, etag: item.etag, lastModified: item.lastModified });
        }
      });
      stream.on('error', reject);
      stream.on('end', () => resolve());
    });
    return items;
  }

  async copy(sourceKey: string, targetKey: string): Promise<void> {
    try {
      await this.guarded(() =>
        this.client.copyObject(
          new CopySourceOptions({ Bucket: this.bucket, Object: sourceKey }),
          new CopyDestinationOptions({ Bucket: this.bucket, Object: targetKey }),
        ),
      );
    } catch (error) {
      throw notFound(error, sourceKey);
    }
  }

  /** Removing a key that does not exist is not an error (S3 deletes are idempotent). */
  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const results = await this.guarded(() => this.client.removeObjects(this.bucket, keys));
    const failed = results.filter((r) => r?.Error);
    if (failed.length > 0) {
      const detail = failed.map((r) => `${r!.Error!.Key}: ${r!.Error!.Code ?? r!.Error!.Message}`).join(', ');
      throw new Error(`Could not remove ${detail}`);
    }
  }

  presignedGet(key: string, expirySeconds: number): Promise<string> {
    return this.client.presignedGetObject(this.bucket, key, expirySeconds);
  }

  presignedPut(key: string, expirySeconds: number): Promise<string> {
    return this.client.presignedPutObject(this.bucket, key, expirySeconds);
  }

  /** One try: /health reports the store as it is now. */
  async ping(): Promise<void> {
    await this.guarded(() => this.client.bucketExists(this.bucket), false);
  }

  /**
   * minio pipes the body into its part splitter without listening for the body's errors: a source
   * that fails (a browser upload cut off half-way) would crash the process or leave the upload hanging.
   * The body is relayed so its failure rejects put() instead; the unfinished upload is then aborted
   * where the server tracks it (MinIO), so no parts are left behind.
   */
  private async putStream(
    key: string,
    body: Readable,
    size: number | undefined,
    metadata: Record<string, string>,
  ): Promise<void> {
    const relay = new PassThrough();
    const sourceFailed = new Promise<never>((_, reject) => {
      pipeline(body, relay, (error) => {
        if (error) reject(error);
      });
    });
    try {
      await Promise.race([this.client.putObject(this.bucket, key, relay, size, metadata), sourceFailed]);
    } catch (error) {
      // Whichever side failed, the other must not wait forever: the body is released too.
      relay.destroy();
      await this.client.removeIncompleteUpload(this.bucket, key).catch(() => undefined);
      throw error;
    }
  }
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

function notFound(error: unknown, key: string): unknown {
  return NOT_FOUND.has(codeOf(error)) ? new NotFoundError(`Object ${key} not found`) : error;
}
