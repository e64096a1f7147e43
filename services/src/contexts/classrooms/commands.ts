import type { ContextServices } from '../../platform/context';
import { ValidationError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import type { CollectionDefinition, RecordCommandHandler } from '../../platform/http/records/collection';
import { handleRecordCommand } from '../../platform/http/records/commands';
import type { RecordCommand } from '../../platform/http/records/decider';
import { withTables } from '../../platform/read-models/database';
import { PEOPLE_TABLE } from '../people/directory/table';
import { TABLES, type ClassroomsTables } from './tables';

/** The records that belong to a classroom and go when it goes. */
const CHILDREN = [TABLES.schedules, TABLES.pcs, TABLES.acs, TABLES.persons];
/** The tables a reference check reads a record of: this context's and reference's time zones. */
type LookedUpTable = (typeof TABLES)[keyof typeof TABLES] | 'reference_timezones';
const OWN_TABLES: readonly string[] = Object.values(TABLES);
const dbOf = (services: ContextServices) => withTables<ClassroomsTables>(services.db);

type Fields = Record<string, unknown>;
type Errors = Record<string, string[]>;

/**
 * Checks what the schema cannot (references within the caller's school, a schedule's start before its
 * end), then writes the record's own events. A classroom's delete also deletes its parts, so nothing
 * is left pointing at a room that is gone.
 */
export function classroomCommands(collection: CollectionDefinition): RecordCommandHandler {
  const table = collection.table;
  if (!isOwnTable(table)) throw new Error(`classroomCommands serves this context's tables, not ${table}`);
  return async (services, command, caller) => {
    if (command.type !== 'delete') {
      const current = command.type === 'update' ? await rowOf(services, table, command.id) : {};
      const sent = command.type === 'create' ? command.data : command.changes;
      const errors = await referenceErrors(services, table, { ...current, ...sent }, sent, caller);
      if (Object.keys(errors).length > 0) throw new ValidationError('Данные заполнены неверно', errors);
    }
    await handleRecordCommand(services, collection, command, caller);
    if (command.type === 'delete' && table === TABLES.classrooms) {
      await deleteParts(services, command.id, caller);
    }
  };
}

function isOwnTable(table: string): table is (typeof TABLES)[keyof typeof TABLES] {
  return OWN_TABLES.includes(table);
}

async function referenceErrors(
  services: ContextServices,
  table: LookedUpTable,
  merged: Fields,
  sent: Fields,
  caller: Caller,
): Promise<Errors> {
  const errors: Errors = {};
  const school = caller.schoolId;
  if (table === TABLES.classrooms) {
    if (
      typeof sent.timezone_id === 'string' &&
      !(await exists(services, 'reference_timezones', sent.timezone_id))
    ) {
      errors.timezone_id = ['Часовой пояс не найден'];
    }
    return errors;
  }
  if (
    'classroom_id' in sent &&
    !(await exists(services, TABLES.classrooms, String(sent.classroom_id), school))
  ) {
    errors.classroom_id = ['Кабинет не найден'];
  }
  if (table === TABLES.schedules) {
    const start = merged.work_at_start;
    const end = merged.work_at_end;
    if (typeof start === 'string' && typeof end === 'string' && start >= end) {
      errors.work_at_end = ['Время окончания должно быть позже начала'];
    }
  }
  if (table === TABLES.acs && typeof sent.acs_gate_id === 'string') {
    if (!(await exists(services, TABLES.gates, sent.acs_gate_id)))
      errors.acs_gate_id = ['Модель замка не найдена'];
  }
  if (table === TABLES.persons) {
    if (typeof sent.user_id === 'string' && !(await isSchoolMember(services, sent.user_id, school))) {
      errors.user_id = ['Пользователь должен быть учеником или учителем этой школы'];
    }
    if (
      typeof merged.classroom_acs_id === 'string' &&
      ('classroom_acs_id' in sent || 'classroom_id' in sent)
    ) {
      const link = await rowOf(services, TABLES.acs, merged.classroom_acs_id, school);
      if (!link.id || link.classroom_id !== merged.classroom_id) {
        errors.classroom_acs_id = ['Замок не относится к этому кабинету'];
      }
    }
  }
  return errors;
}

async function rowOf(
  services: ContextServices,
  table: LookedUpTable,
  id: string,
  school?: string | null,
): Promise<Fields> {
  let query = dbOf(services).selectFrom(table).selectAll().where('id', '=', id).where('deleted', '=', false);
  if (school !== undefined) query = query.where('school_id', '=', school);
  return (await query.executeTakeFirst()) ?? {};
}

async function exists(services: ContextServices, table: LookedUpTable, id: string, school?: string | null) {
  if (school === null) return false;
  return (await rowOf(services, table, id, school)).id !== undefined;
}

async function isSchoolMember(services: ContextServices, userId: string, school: string | null) {
  if (school === null) return false;
  const row = await dbOf(services)
    .selectFrom(PEOPLE_TABLE)
    .select('id')
    .where('id', '=', userId)
    .where('school_id', '=', school)
    .where('deleted', '=', false)
    .where('group', 'in', ['student', 'teacher'])
    .executeTakeFirst();
  return row !== undefined;
}

async function deleteParts(services: ContextServices, classroomId: string, caller: Caller) {
  const { classroomPartCollections } = await import('./parts');
  for (const table of CHILDREN) {
    const collection = classroomPartCollections().find((c) => c.table === table)!;
    const rows = await dbOf(services)
      .selectFrom(table)
      .select('id')
      .where('classroom_id', '=', classroomId)
      .where('deleted', '=', false)
      .execute();
    for (const { id } of rows) {
      const command: RecordCommand = { type: 'delete', id };
      await handleRecordCommand(services, collection, command, caller);
    }
  }
}
