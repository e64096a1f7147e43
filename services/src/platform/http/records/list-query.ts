import { z } from 'zod';
import type { CollectionDefinition, FilterType } from './collection';

export const recordId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected letters, digits, "-" or "_"');

const count = z.string().regex(/^\d{1,6}$/, 'Expected a whole number');
const pageNumber = z.string().regex(/^[1-9]\d{0,5}$/, 'Expected a page number from 1');
const flag = z.enum(['0', '1', 'true', 'false']);
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).max(100)]);

const filterValue: Record<FilterType, z.ZodType> = {
  string: oneOrMany(z.string().max(200)),
  integer: oneOrMany(z.string().regex(/^-?\d{1,9}$/, 'Expected a whole number')),
  boolean: flag,
};

/**
 * The list query of a collection, as a zod schema so that it both validates the request and documents
 * it in OpenAPI. Values stay strings here (query strings are text); `listQuery` converts them.
 */
export function listQuerySchema(collection: CollectionDefinition) {
  const filters = Object.fromEntries(
    Object.entries(collection.filters).map(([field, type]) => [field, filterValue[type].optional()]),
  );
  const sortable = collection.sortable as [string, ...string[]];
  return z.object({
    page: pageNumber.optional(),
    paginable: flag.optional(),
    limit: count
      .refine((v) => Number(v) >= 1 && Number(v) <= collection.paging.maxLimit, {
        message: `Expected 1 to ${collection.paging.maxLimit}`,
      })
      .optional(),
    orderBy: z.enum(sortable).optional(),
    sortedBy: z.enum(['asc', 'desc']).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    ids: oneOrMany(recordId).optional(),
    filter: z.strictObject(filters).optional(),
    ...filters,
    // Declared for every collection so the schema's type is one; ignored where nothing is searchable.
    query: z.string().max(200).optional(),
  });
}

export type RawListQuery = z.infer<ReturnType<typeof listQuerySchema>>;

export interface ListQuery {
  paged: boolean;
  page: number;
  limit: number;
  orderBy: string;
  direction: 'asc' | 'desc';
  ids: string[] | undefined;
  /** Field → accepted values (already typed for the column). */
  filters: Record<string, (string | number | boolean)[]>;
  /** The `query` text, trimmed; undefined when absent, blank or the collection searches nothing. */
  search: string | undefined;
}

/** From the validated query to what the repository needs; limits are bounded here, never trusted. */
export function listQuery(collection: CollectionDefinition, raw: RawListQuery): ListQuery {
  const { defaultLimit } = collection.paging;
  const paged = raw.page !== undefined || (raw.paginable !== undefined && isTrue(raw.paginable));
  const requested = raw.limit === undefined ? undefined : Number(raw.limit);
  const cap = collection.maxUnpaged ?? 1000;
  // An explicit limit is validated against maxLimit; without one, an unpaged list stops at maxUnpaged.
  const limit = requested ?? (paged ? defaultLimit : cap);
  const filters: ListQuery['filters'] = {};
  const sources = [raw as Record<string, unknown>, (raw.filter ?? {}) as Record<string, unknown>];
  for (const source of sources) {
    for (const [field, type] of Object.entries(collection.filters)) {
      const value = source[field];
      if (value === undefined) continue;
      const values = (Array.isArray(value) ? value : [value]) as string[];
      filters[field] = values.map((v) => typed(type, v));
    }
  }
  return {
    paged,
    page: raw.page === undefined ? 1 : Math.max(1, Number(raw.page)),
    limit,
    orderBy: raw.orderBy ?? collection.defaultOrder.field,
    direction: raw.sortedBy ?? raw.direction ?? collection.defaultOrder.direction,
    ids: raw.ids === undefined ? undefined : Array.isArray(raw.ids) ? raw.ids : [raw.ids],
    filters,
    search: collection.search?.length && raw.query?.trim() ? raw.query.trim() : undefined,
  };
}

function isTrue(value: string): boolean {
  return value === '1' || value === 'true';
}

function typed(type: FilterType, value: string): string | number | boolean {
  switch (type) {
    case 'string':
      return value;
    case 'integer':
      return Number(value);
    case 'boolean':
      return isTrue(value);
    default: {
      const unknown: never = type;
      throw new Error(`unknown filter type ${String(unknown)}`);
    }
  }
}
