import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HealthComponent } from '@sabaq/events';
import { api, records } from '../../shared/api';

/** The school's servers and storages (docs/infrastructure.md), over the record API and the checks. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}
export type ServerType = 'webinar' | 'processing';
export interface ServerRecord {
  id: string;
  name: string;
  provider: string;
  type: ServerType;
  host: string;
  options: { alternate_host: string | null; ice_servers: IceServer[] };
  is_active: boolean;
  description: string | null;
}
export interface StorageRecord {
  id: string;
  name: string;
  type: 's3';
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string | null;
  access_key: string;
  has_secret_key: boolean;
  path_style: boolean;
  description: string | null;
}
export interface HostCheck {
  address: string;
  reachable: boolean;
  latency_ms: number | null;
  error: string | null;
}
export interface ServerCheck {
  id: string;
  reachable: boolean;
  checked_at: string;
  hosts: HostCheck[];
}
export interface StorageCheckStep {
  step: 'bucket' | 'put' | 'get' | 'delete';
  ok: boolean;
  ms: number;
  error: string | null;
}
export interface StorageCheck {
  id: string;
  ok: boolean;
  checked_at: string;
  steps: StorageCheckStep[];
}
export interface BucketUsage {
  kind: string;
  bucket: string;
  reachable: boolean;
  latency_ms: number | null;
  objects: number | null;
  bytes: number | null;
  prefixes: { prefix: string; objects: number; bytes: number }[];
  counted_at: string;
  error: string | null;
}
export interface PlatformOverview {
  roles: { status: string; mode: string; version: string; components: HealthComponent[] } | null;
  storage: BucketUsage;
}

export const PAGE_SIZE = 25;
export const SERVERS = 'webinar-servers';
export const STORAGES = 'storages';

export const infraKeys = {
  pages: (collection: string) => [collection, 'page'] as const,
  page: (collection: string, page: number) => [collection, 'page', page] as const,
  one: (collection: string, id: string) => [collection, 'one', id] as const,
  platform: ['infrastructure', 'platform'] as const,
};

export const pageQuery = <T>(collection: string, page: number) =>
  queryOptions({
    queryKey: infraKeys.page(collection, page),
    queryFn: ({ signal }) => records.page<T>(collection, { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const recordQuery = <T>(collection: string, id: string) =>
  queryOptions({
    queryKey: infraKeys.one(collection, id),
    queryFn: ({ signal }) => records.get<T>(collection, id, signal),
  });
export const platformQuery = queryOptions({
  queryKey: infraKeys.platform,
  queryFn: async ({ signal }) =>
    (await api.get<{ entity: PlatformOverview }>('/api/infrastructure/platform.json', { signal })).entity,
});

export const checkServer = async (id: string) =>
  (await api.post<{ entity: ServerCheck }>(`/api/webinar-servers/${encodeURIComponent(id)}/check.json`))
    .entity;
export const checkStorage = async (id: string) =>
  (await api.post<{ entity: StorageCheck }>(`/api/storages/${encodeURIComponent(id)}/check.json`)).entity;
