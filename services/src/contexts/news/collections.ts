import { NewsRecordEvents, newsRecordSchema, type StoredEvent } from '@sabaq/events';
import type { Projection } from '../../platform/projections/projection';
import { defineCollection } from '../../platform/http/records/define';

/** Categories travel as a list and are kept as JSON text (a record column is text, number or boolean). */
const LIST_COLUMNS = ['categories'] as const;

const declared = defineCollection({
  context: 'news',
  name: 'records',
  category: 'news_record',
  schema: newsRecordSchema,
  events: {
    created: NewsRecordEvents.created.type,
    updated: NewsRecordEvents.updated.type,
    deleted: NewsRecordEvents.deleted.type,
  },
  columns: {
    title: 'text',
    type: 'text',
    categories: 'text',
    logo: 'text',
    image: 'text',
    image_thumb: 'text',
    preview: 'text',
    announce: 'text',
    body: 'text',
    is_main: 'boolean',
    is_unlisted: 'boolean',
    status: 'text',
  },
  filters: { type: 'string', is_main: 'boolean', is_unlisted: 'boolean', status: 'string' },
  sortable: ['id', 'title', 'created_at', 'updated_at'],
  defaultOrder: { field: 'created_at', direction: 'desc' },
  schoolScoped: true,
  toEntity: (row) => ({
    id: row.id,
    school_id: row.school_id,
    owner_id: row.owner_id,
    title: row.title,
    type: row.type ?? null,
    categories: parseList(row.categories),
    logo: row.logo ?? null,
    image: row.image ?? null,
    image_thumb: row.image_thumb ?? null,
    preview: row.preview ?? null,
    announce: row.announce ?? null,
    body: row.body ?? '',
    is_main: row.is_main,
    is_unlisted: row.is_unlisted,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
});

function parseList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The event's lists as JSON text, for the record projection to store. */
function withListsAsText(event: StoredEvent): StoredEvent {
  const data = event.data as Record<string, unknown>;
  const encode = (fields: Record<string, unknown>) => {
    const out = { ...fields };
    for (const key of LIST_COLUMNS) if (Array.isArray(out[key])) out[key] = JSON.stringify(out[key]);
    return out;
  };
  const changes = data.changes as Record<string, unknown> | undefined;
  return { ...event, data: changes ? { ...data, changes: encode(changes) } : encode(data) };
}

const recordProjection: Projection = declared.projection;

export const newsRecords = {
  collection: { ...declared.collection, search: ['title', 'announce'] as const },
  migration: declared.migration,
  projection: {
    ...recordProjection,
    apply: (tx, batch) => recordProjection.apply(tx, batch.map(withListsAsText)),
  } satisfies Projection,
};
