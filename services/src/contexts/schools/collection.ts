import { changesOf, schoolProfileSchema, type SchoolProfile } from '@sabaq/events';
import { ForbiddenError } from '../../platform/errors';
import type { CollectionDefinition, RecordCommandHandler, Row } from '../../platform/http/records/collection';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { handleCommand } from '../../platform/commands/handle-command';
import { schoolStream } from '../identity/school-decider';
import { schoolProfileDecider, type SchoolProfileCommand } from './school-profile-decider';
import { SCHOOLS_PROJECTION, SCHOOLS_TABLE } from './table';

/** load → decide → append on `school-<id>` with the version decided against → wait for the read model. */
const schoolCommands: RecordCommandHandler = async (services, command, caller) => {
  let decided: SchoolProfileCommand;
  switch (command.type) {
    case 'create':
      // Why the cast: the record API parsed the body with this collection's `create` schema, and
      // RecordCommand carries it as a plain record.
      decided = { type: 'RegisterSchool', schoolId: command.id, profile: command.data as SchoolProfile };
      break;
    case 'update':
      decided = {
        type: 'UpdateSchool',
        schoolId: command.id,
        changes: command.changes as Partial<SchoolProfile>,
      };
      break;
    case 'delete':
      // People, invites and every record of a school hang off it: closing one is not offered.
      throw new ForbiddenError('Школу нельзя удалить');
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
  const { result } = await handleCommand(
    services.store,
    schoolStream(command.id),
    schoolProfileDecider,
    decided,
    {
      eventId: () => services.newId(),
      metadata: { userId: caller.userId, occurredAt: services.clock().toISOString() },
    },
  );
  if (result) await waitForProjections(services.db, [SCHOOLS_PROJECTION], result.lastGlobalPosition);
};

/** The specification's School (000 §3); logo_thumb is the logo until thumbnails are made. */
export function schoolEntity(row: Row) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    logo: row.logo,
    logo_thumb: row.logo,
    website: row.website,
    email: row.email,
    short_description: row.short_description,
    call_center_phone: row.call_center_phone,
    region_id: row.region_id,
    city_id: row.city_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `/api/schools`: the admin's list (create via POST, edit via PUT), a manager's own school. */
export const schoolsCollection: CollectionDefinition = {
  name: 'schools',
  category: 'school',
  table: SCHOOLS_TABLE,
  projection: SCHOOLS_PROJECTION,
  columns: {
    type: 'text',
    name: 'text',
    logo: 'text',
    website: 'text',
    email: 'text',
    short_description: 'text',
    call_center_phone: 'text',
    region_id: 'text',
    city_id: 'text',
  },
  toEntity: schoolEntity,
  create: schoolProfileSchema.strict(),
  update: changesOf(schoolProfileSchema),
  // Only the handler below appends; these name the stream's events for the record API's bookkeeping.
  events: { created: 'SchoolRegistered', updated: 'SchoolProfileUpdated', deleted: 'SchoolClosed' },
  filters: { id: 'string', type: 'string', region_id: 'string', city_id: 'string' },
  sortable: ['id', 'name', 'created_at'],
  defaultOrder: { field: 'name', direction: 'asc' },
  paging: { defaultLimit: 25, maxLimit: 100 },
  // Not stamped from the caller: a school's school_id is itself (table.ts).
  schoolScoped: false,
  search: ['name', 'short_description', 'email', 'website'],
  handle: schoolCommands,
};
