import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';
import { changesOf } from './reference';

/**
 * Infrastructure (docs/infrastructure.md): the webinar and processing servers a school's managers
 * register, and the external S3 storages they add. Each record is its own stream with Created /
 * Updated / Deleted events. A storage's secret key travels in its events (the store is where secrets
 * live) and is redacted from every copy that leaves the store.
 */
const text = (max: number) => z.string().trim().min(1, 'Поле обязательно').max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(https?|wss?):\/\/[^\s/?#]+(?::\d{1,5})?(\/[^\s]*)?$/i, 'Адрес вида https://host[:port][/path]');

/** One entry of RTCConfiguration.iceServers, as a browser takes it. */
export const iceServerSchema = z.strictObject({
  urls: z
    .array(
      z
        .string()
        .trim()
        .regex(/^(stun|stuns|turn|turns):[^\s]+$/i, 'Адрес вида stun:host:port или turn:host:port'),
    )
    .min(1, 'Укажите хотя бы один адрес')
    .max(10),
  username: z.string().max(200).optional(),
  credential: z.string().max(500).optional(),
});

export const SERVER_TYPES = ['webinar', 'processing'] as const;

export const webinarServerSchema = z.object({
  name: text(200),
  /** The software the server runs (e.g. jitsi, livekit, janus, ffmpeg); free text, as the spec shows. */
  provider: text(100),
  type: z.enum(SERVER_TYPES, 'Тип: webinar или processing'),
  host: httpUrl,
  options: z
    .strictObject({
      alternate_host: httpUrl.nullable().default(null),
      ice_servers: z.array(iceServerSchema).max(20).default([]),
    })
    .default({ alternate_host: null, ice_servers: [] }),
  is_active: z.boolean().default(true),
  description: optionalText(2000),
});

const bucketName = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Имя бакета: 3–63 символа a-z, 0-9, точка, дефис');

export const storageSchema = z.object({
  name: text(200),
  type: z.literal('s3', 'Поддерживается только тип s3').default('s3'),
  endpoint: httpUrl,
  region: z.string().trim().min(1).max(64).default('us-east-1'),
  bucket: bucketName,
  /** Objects go under this prefix in the bucket. */
  prefix: optionalText(500),
  access_key: text(200),
  /** Write-only: used to reach the bucket, never answered (docs/infrastructure.md). */
  secret_key: text(500),
  path_style: z.boolean().default(true),
  description: optionalText(2000),
});

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Created / Updated / Deleted of one kind of record; `secrets` are redacted from copies leaving the store. */
export function recordEventsWithSecrets<Kind extends string, Shape extends z.ZodRawShape>(
  kind: Kind,
  schema: z.ZodObject<Shape>,
  secrets: readonly string[],
) {
  return {
    created: defineEvent({
      type: `${kind}Created` as const,
      version: 1,
      schema: schema.extend({ id }),
      redact: secrets,
    }),
    updated: defineEvent({
      type: `${kind}Updated` as const,
      version: 1,
      schema: z.object({ id, changes: changesOf(schema) }),
      redact: secrets.map((field) => `changes.${field}`),
    }),
    deleted: defineEvent({ type: `${kind}Deleted` as const, version: 1, schema: z.object({ id }) }),
  };
}

export const WebinarServerEvents = recordEventsWithSecrets('WebinarServer', webinarServerSchema, []);
export const StorageEvents = recordEventsWithSecrets('Storage', storageSchema, ['secret_key']);

const all = [WebinarServerEvents, StorageEvents];

export const infrastructureContract = defineContract({
  context: 'infrastructure',
  categories: ['webinar_server', 'storage'],
  events: all.flatMap((set) => [set.created, set.updated, set.deleted]),
});
