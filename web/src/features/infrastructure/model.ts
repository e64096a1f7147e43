import type { ServerRecord, ServerType, StorageRecord } from './api';

/** The server form's fields as typed: ICE addresses as one line each server, split on send. */
export interface IceRow {
  urls: string;
  username: string;
  credential: string;
}
export interface ServerFields {
  name: string;
  provider: string;
  type: ServerType;
  host: string;
  alternate_host: string;
  ice_servers: IceRow[];
  is_active: boolean;
  description: string;
}
export interface StorageFields {
  name: string;
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  access_key: string;
  /** Empty on edit keeps the stored one (it is never read back). */
  secret_key: string;
  path_style: boolean;
  description: string;
}

export const emptyServer: ServerFields = {
  name: '',
  provider: 'jitsi',
  type: 'webinar',
  host: 'https://',
  alternate_host: '',
  ice_servers: [],
  is_active: true,
  description: '',
};
export const emptyStorage: StorageFields = {
  name: '',
  endpoint: 'https://',
  region: 'us-east-1',
  bucket: '',
  prefix: '',
  access_key: '',
  secret_key: '',
  path_style: true,
  description: '',
};

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function serverFieldsOf(server: ServerRecord): ServerFields {
  return {
    name: server.name,
    provider: server.provider,
    type: server.type,
    host: server.host,
    alternate_host: server.options.alternate_host ?? '',
    ice_servers: server.options.ice_servers.map((ice) => ({
      urls: ice.urls.join(' '),
      username: ice.username ?? '',
      credential: ice.credential ?? '',
    })),
    is_active: server.is_active,
    description: server.description ?? '',
  };
}

/** The whole body of a server, as POST takes it. */
export function serverBody(fields: ServerFields) {
  return {
    name: fields.name.trim(),
    provider: fields.provider.trim(),
    type: fields.type,
    host: fields.host.trim(),
    options: {
      alternate_host: orNull(fields.alternate_host),
      ice_servers: fields.ice_servers.map((row) => ({
        urls: row.urls.split(/[\s,]+/).filter(Boolean),
        ...(row.username.trim() ? { username: row.username.trim() } : {}),
        ...(row.credential ? { credential: row.credential } : {}),
      })),
    },
    is_active: fields.is_active,
    description: orNull(fields.description),
  };
}

/** Only what changed (000 §7); the options travel whole, since the server replaces them whole. */
export function serverChanges(
  original: ServerRecord,
  fields: ServerFields,
): Partial<ReturnType<typeof serverBody>> {
  const before = serverBody(serverFieldsOf(original));
  const after = serverBody(fields);
  return Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, after[key]]),
  );
}

export function storageFieldsOf(storage: StorageRecord): StorageFields {
  return {
    name: storage.name,
    endpoint: storage.endpoint,
    region: storage.region,
    bucket: storage.bucket,
    prefix: storage.prefix ?? '',
    access_key: storage.access_key,
    secret_key: '',
    path_style: storage.path_style,
    description: storage.description ?? '',
  };
}

export function storageBody(fields: StorageFields) {
  return {
    name: fields.name.trim(),
    type: 's3' as const,
    endpoint: fields.endpoint.trim(),
    region: fields.region.trim(),
    bucket: fields.bucket.trim(),
    prefix: orNull(fields.prefix),
    access_key: fields.access_key.trim(),
    ...(fields.secret_key ? { secret_key: fields.secret_key } : {}),
    path_style: fields.path_style,
    description: orNull(fields.description),
  };
}

/** Changed fields; a secret is sent only when one was typed (write-only: the old one is never shown). */
export function storageChanges(
  original: StorageRecord,
  fields: StorageFields,
): Partial<ReturnType<typeof storageBody>> {
  const before: Record<string, unknown> = storageBody(storageFieldsOf(original));
  const after: Record<string, unknown> = storageBody(fields);
  return Object.fromEntries(
    Object.keys(after)
      .filter((key) => key === 'secret_key' || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, after[key]]),
  );
}

/** The server's errors by field, first text each; nested keys stay dotted (`options.ice_servers.0.urls.1`). */
export function firstErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, texts]) => [field, texts[0] ?? '']));
}

/** The first error of a field or anything under it (an ICE row's addresses, username, credential). */
export function errorUnder(errors: Record<string, string>, prefix: string): string | undefined {
  const key = Object.keys(errors).find((field) => field === prefix || field.startsWith(`${prefix}.`));
  return key === undefined ? undefined : errors[key];
}

/** Sizes as the spec's media screens show them: bytes over 1000 per step. */
export function byteSize(bytes: number): { value: number; unit: 'B' | 'KB' | 'MB' | 'GB' | 'TB' } {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes;
  let step = 0;
  while (value >= 1000 && step < units.length - 1) {
    value /= 1000;
    step += 1;
  }
  return { value: step === 0 ? value : Math.round(value * 10) / 10, unit: units[step]! };
}
