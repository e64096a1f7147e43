import type { Readable } from 'node:stream';

export interface ObjectInfo {
  key: string;
  size: number;
  etag: string;
  contentType?: string;
  lastModified: Date;
}

/**
 * The object store port: S3 through the minio client, against s3rver on loopback (embedded) or MinIO
 * (distributed). The browser never reaches it directly: the API streams or signs short-lived URLs.
 */
export interface ObjectStore {
  readonly kind: string;
  readonly bucket: string;
  ensureBucket(): Promise<void>;
  /** Streams of unknown length are uploaded in multipart parts. */
  put(
    key: string,
    body: Buffer | Readable,
    options?: { contentType?: string; size?: number },
  ): Promise<ObjectInfo>;
  /** The range's end is inclusive, as in HTTP. A missing key rejects with NotFoundError. */
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  /** undefined when there is no such key. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  list(prefix: string): Promise<ObjectInfo[]>;
  /** A missing source rejects with NotFoundError. */
  copy(sourceKey: string, targetKey: string): Promise<void>;
  /** Keys that do not exist are no error. */
  remove(keys: string[]): Promise<void>;
  presignedGet(key: string, expirySeconds: number): Promise<string>;
  presignedPut(key: string, expirySeconds: number): Promise<string>;
  ping(): Promise<void>;
}
