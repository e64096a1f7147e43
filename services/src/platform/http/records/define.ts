import { changesOf } from '@sabaq/events';
import type { z } from 'zod';
import type { CollectionDefinition, ColumnType, FilterType, Row } from './collection';
import type { RecordEventTypes } from './decider';
import { recordProjection } from './record-projection';
import { recordTableMigration } from './record-table';

export interface CollectionDeclaration {
  name: string;
  category: string;
  /** The context that owns the table and the projection (their names start with it). */
  context: string;
  /** The record's fields, the same zod object its Created event carries (without id). */
  schema: z.ZodObject;
  events: RecordEventTypes;
  columns: Record<string, ColumnType>;
  filters?: Record<string, FilterType>;
  sortable?: readonly string[];
  defaultOrder?: CollectionDefinition['defaultOrder'];
  paging?: Partial<CollectionDefinition['paging']>;
  schoolScoped?: boolean;
  toEntity?: (row: Row) => Record<string, unknown>;
}

/**
 * Fills in the conventions, so a context declares a collection in a dozen lines: the table and the
 * projection are named after the context and the collection; create validates the record's schema and
 * update accepts any subset of its fields (no defaults, so an edit never resets untouched fields).
 */
export function defineCollection(declaration: CollectionDeclaration) {
  const table = `${declaration.context}_${declaration.name.replace(/-/g, '_')}`;
  const columns = declaration.columns;
  const collection: CollectionDefinition = {
    name: declaration.name,
    category: declaration.category,
    table,
    projection: `${declaration.context}.${declaration.name}`,
    columns,
    toEntity: declaration.toEntity ?? ((row) => pick(row, ['id', ...Object.keys(columns)])),
    create: declaration.schema.strict(),
    update: changesOf(declaration.schema),
    events: declaration.events,
    filters: { id: 'string', ...declaration.filters },
    sortable: declaration.sortable ?? ['id'],
    defaultOrder: declaration.defaultOrder ?? { field: 'id', direction: 'asc' },
    paging: { defaultLimit: 25, maxLimit: 100, ...declaration.paging },
    schoolScoped: declaration.schoolScoped ?? false,
  };
  return {
    collection,
    migration: recordTableMigration(table, columns),
    projection: recordProjection(collection),
  };
}

function pick(row: Row, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
}
