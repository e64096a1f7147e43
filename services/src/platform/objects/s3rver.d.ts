// s3rver ships no types; these cover what the embedded S3 server uses.
declare module 's3rver' {
  import type { RequestListener } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's request handler, to be served by an http.Server we own. */
    callback(): RequestListener;
    readonly store: { getBucket(name: string): Promise<unknown> };
    readonly logger: { close(): void };
  }

  export default S3rver;
}

declare module 's3rver/lib/models/account.js' {
  interface AWSAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  }
  const AWSAccountModule: { DUMMY_ACCOUNT: AWSAccount };
  export default AWSAccountModule;
}
