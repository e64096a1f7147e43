import { StorageEvents, WebinarServerEvents, storageSchema, webinarServerSchema } from '@sabaq/events';
import type { Row } from '../../platform/http/records/collection';
import { defineCollection } from '../../platform/http/records/define';

const context = 'infrastructure';
const eventTypes = (set: {
  created: { type: string };
  updated: { type: string };
  deleted: { type: string };
}) => ({
  created: set.created.type,
  updated: set.updated.type,
  deleted: set.deleted.type,
});

/** The options object is kept as JSON text (the record tables hold text, integers and booleans). */
function optionsOf(value: unknown): { alternate_host: string | null; ice_servers: unknown[] } {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const options = (parsed ?? {}) as { alternate_host?: string | null; ice_servers?: unknown[] };
  return { alternate_host: options.alternate_host ?? null, ice_servers: options.ice_servers ?? [] };
}

/** Webinar and processing servers of a school (spec 001 §3: provider, type, host, options.alternate_host). */
export const webinarServers = defineCollection({
  context,
  name: 'webinar-servers',
  category: 'webinar_server',
  schema: webinarServerSchema,
  events: eventTypes(WebinarServerEvents),
  columns: {
    name: 'text',
    provider: 'text',
    type: 'text',
    host: 'text',
    options: 'text',
    is_active: 'boolean',
    description: 'text',
  },
  filters: { type: 'string', provider: 'string', is_active: 'boolean' },
  sortable: ['id', 'name', 'type', 'created_at'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
  toEntity: (row: Row) => ({
    id: row.id,
    name: row.name,
    provider: row.provider,
    type: row.type,
    host: row.host,
    options: optionsOf(row.options),
    is_active: row.is_active,
    description: row.description ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
});
webinarServers.collection.search = ['name', 'host', 'provider'];

/** External S3 storages of a school; the secret key is kept for the connection and never answered. */
export const storages = defineCollection({
  context,
  name: 'storages',
  category: 'storage',
  schema: storageSchema,
  events: eventTypes(StorageEvents),
  columns: {
    name: 'text',
    type: 'text',
    endpoint: 'text',
    region: 'text',
    bucket: 'text',
    prefix: 'text',
    access_key: 'text',
    secret_key: 'text',
    path_style: 'boolean',
    description: 'text',
  },
  filters: { type: 'string' },
  sortable: ['id', 'name', 'created_at'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
  toEntity: (row: Row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    prefix: row.prefix ?? null,
    access_key: row.access_key,
    has_secret_key: typeof row.secret_key === 'string' && row.secret_key.length > 0,
    path_style: row.path_style,
    description: row.description ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
});
storages.collection.search = ['name', 'bucket', 'endpoint'];

export const infrastructureCollections = [webinarServers, storages];
