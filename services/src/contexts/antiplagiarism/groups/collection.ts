import {
  AntiplagiarismGroupEvents,
  antiplagiarismGroupSchema,
  isEvent,
  type StoredEvent,
} from '@sabaq/events';
import { sql } from 'kysely';
import type { ContextServices } from '../../../platform/context';
import { ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import type { Row } from '../../../platform/http/records/collection';
import { handleRecordCommand } from '../../../platform/http/records/commands';
import { defineCollection } from '../../../platform/http/records/define';
import type { Projection } from '../../../platform/projections/projection';
import { withTables } from '../../../platform/read-models/database';
import { TABLES as ASSIGNMENT_TABLES } from '../../assignments/read-model/tables';
import type { AntiplagiarismTables } from '../report/tables';

/**
 * `/api/antiplagiarism-groups`: classes of a school whose work a check compares with each other (000 §1:
 * managers administer anti-plagiarism groups). class_ids is kept as JSON text: record tables hold
 * text, integers and booleans, and pg would write a JS array as a PostgreSQL array literal.
 */
const defined = defineCollection({
  context: 'antiplagiarism',
  name: 'antiplagiarism-groups',
  category: 'antiplagiarism_group',
  schema: antiplagiarismGroupSchema,
  events: {
    created: AntiplagiarismGroupEvents.created.type,
    updated: AntiplagiarismGroupEvents.updated.type,
    deleted: AntiplagiarismGroupEvents.deleted.type,
  },
  columns: { name: 'text', description: 'text', class_ids: 'text' },
  filters: { name: 'string' },
  sortable: ['id', 'name', 'created_at'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
  toEntity: (row: Row) => ({
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    class_ids: classIdsOf(row.class_ids),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
});
defined.collection.search = ['name', 'description'];
defined.collection.handle = async (services, command, caller) => {
  if (command.type !== 'delete') {
    const sent = command.type === 'create' ? command.data : command.changes;
    if (Array.isArray(sent.class_ids))
      await requireSchoolClasses(services, sent.class_ids as string[], caller);
  }
  await handleRecordCommand(services, defined.collection, command, caller);
};

export const groupsCollection = defined.collection;
export const groupsMigration = defined.migration;
/**
 * The record table `defined` above made (`<context>_<name>`), as the literal the typed queries name;
 * checked on load, so a renamed collection fails at start-up rather than in a query.
 */
export const GROUPS_TABLE = 'antiplagiarism_antiplagiarism_groups';
if (defined.collection.table !== GROUPS_TABLE) throw new Error(`groups table is ${defined.collection.table}`);

/** The record projection, with class_ids written as JSON text. */
export const groupsProjection: Projection = {
  ...defined.projection,
  apply: (tx, events) => defined.projection.apply(tx, events.map(classIdsAsText)),
};

function classIdsAsText(event: StoredEvent): StoredEvent {
  if (isEvent(event, 'AntiplagiarismGroupCreated'))
    return { ...event, data: { ...event.data, class_ids: JSON.stringify(event.data.class_ids) } };
  if (isEvent(event, 'AntiplagiarismGroupUpdated')) {
    const { changes } = event.data;
    if (!Array.isArray(changes.class_ids)) return event;
    return {
      ...event,
      data: { ...event.data, changes: { ...changes, class_ids: JSON.stringify(changes.class_ids) } },
    };
  }
  return event;
}

export function classIdsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string') return [];
  const parsed = JSON.parse(value) as unknown;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** Every class must be a live class of the caller's school: another school's is as absent as none. */
async function requireSchoolClasses(services: ContextServices, ids: string[], caller: Caller): Promise<void> {
  const found =
    caller.schoolId === null || ids.length === 0
      ? []
      : await withTables<AntiplagiarismTables>(services.db)
          .selectFrom(ASSIGNMENT_TABLES.classes)
          .select('id')
          .where('id', 'in', ids)
          .where('school_id', '=', caller.schoolId)
          .where('deleted', '=', false)
          .execute();
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const message = `Классы не найдены: ${missing.join(', ')}`;
    throw new ValidationError('Данные заполнены неверно', { class_ids: [message] });
  }
}

/** Classes that share a group with this one (itself included when it is in any group). */
export async function classesGroupedWith(
  services: Pick<ContextServices, 'db'>,
  schoolId: string,
  classId: string,
): Promise<string[]> {
  const rows = await withTables<AntiplagiarismTables>(services.db)
    .selectFrom(GROUPS_TABLE)
    .select('class_ids')
    .where('school_id', '=', schoolId)
    .where('deleted', '=', false)
    .where(sql<boolean>`class_ids::jsonb @> ${JSON.stringify([classId])}::jsonb`)
    .execute();
  return [...new Set(rows.flatMap((row) => classIdsOf(row.class_ids)))];
}
