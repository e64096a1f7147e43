import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/**
 * Everything the platform reads from its environment, validated once at boot. Unset back-end URLs
 * mean "embedded": the platform starts that back end itself.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: flag.default(false),
  /** With DEMO: also a few weeks of the demo school's past exams (docs/analytics.md). */
  DEMO_HISTORY: flag.default(true),
  EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
  KURRENTDB_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  LOG: z.enum(['embedded', 'kafka']).default('embedded'),
  KAFKA_BROKERS: z.string().optional(),
  /** Consumer-group timings; Kafka's defaults unless set (short ones suit a single-node test broker). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).optional(),
  KAFKA_HEARTBEAT_MS: z.coerce.number().int().min(100).optional(),
  KAFKA_MAX_WAIT_MS: z.coerce.number().int().min(10).optional(),
  ANALYTICS_URL: z.string().optional(),
  ANALYTICS_USER: z.string().default('default'),
  ANALYTICS_PASSWORD: z.string().default(''),
  ANALYTICS_DATABASE: z.string().default('default'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY: z.string().default('sabaq-local'),
  S3_SECRET_KEY: z.string().default('sabaq-local-secret'),
  S3_BUCKET: z.string().default('sabaq'),
  S3_REGION: z.string().default('us-east-1'),
  /** Object store timeouts and retries (docs/media.md); unset, store-availability.ts's defaults. */
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  S3_RESPONSE_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  S3_RETRIES: z.coerce.number().int().min(0).max(10).optional(),
  /** Signs realtime channel subscriptions; api replicas must share it (docs/realtime.md). */
  REALTIME_SECRET: z.string().min(32).optional(),
});

export interface PlatformConfig {
  port: number;
  host: string;
  dataDir: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  demo: boolean;
  /** The demo school's past exams come with the demo data (DEMO_HISTORY, on unless 0). */
  demoHistory: boolean;
  eventStore: { kind: 'postgres' } | { kind: 'kurrentdb'; url: string };
  /** Undefined: start the embedded PostgreSQL server under dataDir. */
  databaseUrl: string | undefined;
  log:
    | { kind: 'embedded' }
    | {
        kind: 'kafka';
        brokers: string[];
        consumer?: { sessionTimeout?: number; heartbeatInterval?: number; maxWaitTimeInMs?: number };
      };
  analytics:
    | { kind: 'chdb'; path: string }
    | { kind: 'server'; url: string; user: string; password: string; database: string };
  /** Undefined: a random key per process, enough for a single api instance. */
  realtimeSecret: string | undefined;
  objects: {
    /** Undefined: start the embedded S3 server on loopback. */
    endpoint: string | undefined;
    accessKey: string;
    secretKey: string;
    bucket: string;
    region: string;
    /** Only what the environment sets; the store fills in the rest. */
    resilience: { connectMs?: number; responseMs?: number; retries?: number };
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.EVENT_STORE === 'kurrentdb' && !e.KURRENTDB_URL)
    throw new ConfigError('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
  if (e.LOG === 'kafka' && !e.KAFKA_BROKERS) throw new ConfigError('LOG=kafka needs KAFKA_BROKERS');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    logLevel: e.LOG_LEVEL,
    demo: e.DEMO,
    demoHistory: e.DEMO && e.DEMO_HISTORY,
    eventStore:
      e.EVENT_STORE === 'kurrentdb' ? { kind: 'kurrentdb', url: e.KURRENTDB_URL! } : { kind: 'postgres' },
    databaseUrl: e.DATABASE_URL,
    log:
      e.LOG === 'kafka'
        ? {
            kind: 'kafka',
            brokers: e
              .KAFKA_BROKERS!.split(',')
              .map((b) => b.trim())
              .filter(Boolean),
            consumer: {
              sessionTimeout: e.KAFKA_SESSION_TIMEOUT_MS,
              heartbeatInterval: e.KAFKA_HEARTBEAT_MS,
              maxWaitTimeInMs: e.KAFKA_MAX_WAIT_MS,
            },
          }
        : { kind: 'embedded' },
    analytics: e.ANALYTICS_URL
      ? {
          kind: 'server',
          url: e.ANALYTICS_URL,
          user: e.ANALYTICS_USER,
          password: e.ANALYTICS_PASSWORD,
          database: e.ANALYTICS_DATABASE,
        }
      : { kind: 'chdb', path: path.join(dataDir, 'analytics') },
    realtimeSecret: e.REALTIME_SECRET,
    objects: {
      endpoint: e.S3_ENDPOINT,
      accessKey: e.S3_ACCESS_KEY,
      secretKey: e.S3_SECRET_KEY,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      resilience: {
        ...(e.S3_CONNECT_TIMEOUT_MS === undefined ? {} : { connectMs: e.S3_CONNECT_TIMEOUT_MS }),
        ...(e.S3_RESPONSE_TIMEOUT_MS === undefined ? {} : { responseMs: e.S3_RESPONSE_TIMEOUT_MS }),
        ...(e.S3_RETRIES === undefined ? {} : { retries: e.S3_RETRIES }),
      },
    },
  };
}
