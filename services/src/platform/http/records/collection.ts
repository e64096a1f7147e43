import type { z } from 'zod';
import type { ContextServices } from '../../context';
import type { Caller } from '../caller';
import type { RecordCommand, RecordEventTypes } from './decider';

export type ColumnType = 'text' | 'integer' | 'boolean';
export type FilterType = 'string' | 'integer' | 'boolean';
export type Row = Record<string, unknown>;

/**
 * Carries out a create, update or delete whose events are not the collection's own Created / Updated /
 * Deleted (e.g. people, created through identity's registration). It must leave the change visible in
 * the collection's table before resolving, as the default handler does (read-your-writes).
 */
export type RecordCommandHandler = (
  services: ContextServices,
  command: RecordCommand,
  caller: Caller,
) => Promise<void>;

/**
 * Everything the record API needs to know about one collection, declared once by its context.
 * Every record table also has id, school_id, owner_id, version, deleted, created_at and updated_at.
 */
export interface CollectionDefinition {
  /** The URL segment, `/api/{name}`, and the key of the access table. */
  name: string;
  /** Stream category: each record is the stream `<category>-<id>`. */
  category: string;
  /** The read-model table and the projection that fills it. */
  table: string;
  projection: string;
  columns: Record<string, ColumnType>;
  toEntity(row: Row): Record<string, unknown>;
  /**
   * The entity's shape for the OpenAPI document and the serialiser (entity-schema.ts). Its fields must
   * all be optional (`X-Requested-Fields` trims them) and it should be loose: whatever a response schema
   * does not name, the serialiser drops. Without it, a loose object naming only `id`.
   */
  entity?: z.ZodObject;
  /**
   * What one caller is shown of the entities, after `toEntity`: a context hides here what the record
   * tells this caller too early (a student's grades during an attempt). It may read only the tables of
   * the collection's projection, so a cached answer is dropped when what it depends on changes.
   */
  present?(
    services: ContextServices,
    caller: Caller,
    entities: Record<string, unknown>[],
  ): Promise<Record<string, unknown>[]>;
  create: z.ZodObject;
  update: z.ZodObject;
  events: RecordEventTypes;
  /** Filterable fields (`filter[field]=v`, or `field=v`); arrays mean "any of". */
  filters: Record<string, FilterType>;
  sortable: readonly string[];
  defaultOrder: { field: string; direction: 'asc' | 'desc' };
  paging: { defaultLimit: number; maxLimit: number };
  /** Records belong to the creator's school (stamped from the caller, never from the body). */
  schoolScoped: boolean;
  /** Lists without `page` stop here, so an unpaged list can never be unbounded. */
  maxUnpaged?: number;
  /** Columns the `query` parameter searches (case-insensitive substring, any of them). */
  search?: readonly string[];
  /** Conditions every read adds: several collections can be views of one table (e.g. by group). */
  where?: Record<string, string | number | boolean>;
  /** Replaces the default load → decide → append of the record's own events. */
  handle?: RecordCommandHandler;
}
