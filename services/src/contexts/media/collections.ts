import { webinarSessionSchema } from '@sabaq/events';
import { z } from 'zod';
import { ForbiddenError } from '../../platform/errors';
import type { CollectionDefinition, RecordCommandHandler } from '../../platform/http/records/collection';
import { recordId } from '../../platform/http/records/list-query';
import { mediaHandler } from './library/commands';
import { mediaEntity, recordEntity, sessionEntity } from './read-model/entities';
import { MEDIA_PROJECTION } from './read-model/projection';
import { TABLES } from './read-model/tables';
import { sessionHandler } from './sessions/commands';
import type { MediaSigner } from './signing';

type Declared = Omit<CollectionDefinition, 'columns' | 'projection' | 'paging' | 'schoolScoped'>;

function collection(declared: Declared): CollectionDefinition {
  return {
    columns: {},
    projection: MEDIA_PROJECTION,
    paging: { defaultLimit: 25, maxLimit: 100 },
    schoolScoped: true,
    ...declared,
  };
}

/** Records are made by conversions; POST /api/webinar-records asks for one (routes.ts answers it). */
export const recordBody = z
  .object({ webinar_session_id: recordId, type: z.string().max(32).optional() })
  .strict();
const notEditable: RecordCommandHandler = async () => {
  throw new ForbiddenError('Forbidden');
};

/** The media library's record calls; create is multipart (library/routes.ts), edits are rename and move. */
export const mediaUpdateBody = z
  .object({
    name: z.string().trim().min(1, 'Введите название').max(255).optional(),
    description: z.string().max(5000).nullable().optional(),
    // Specification 001 §3: the string 'null' is sent when pasting to the root.
    parent_id: z
      .union([recordId, z.null()])
      .optional()
      .transform((v) => (v === 'null' ? null : v)),
  })
  .strict();

export function mediaCollections(signer: MediaSigner): CollectionDefinition[] {
  const sessions = collection({
    name: 'webinar-sessions',
    category: 'webinar_session',
    table: TABLES.sessions,
    // Sessions are never edited (update is 'none' for everyone); the handler decides every write.
    events: {
      created: 'WebinarSessionStarted',
      updated: 'WebinarSessionStarted',
      deleted: 'WebinarSessionDeleted',
    },
    toEntity: (row) => sessionEntity(row, signer),
    create: webinarSessionSchema.strict(),
    update: z.strictObject({}),
    filters: {
      id: 'string',
      webinar_id: 'string',
      user_id: 'string',
      assignment_id: 'string',
      assignment_attempt_id: 'string',
      session_type: 'string',
      status: 'string',
      state: 'string',
    },
    sortable: ['id', 'created_at', 'updated_at'],
    defaultOrder: { field: 'created_at', direction: 'asc' },
    handle: sessionHandler,
  });
  const records = collection({
    name: 'webinar-records',
    category: 'webinar_session',
    table: TABLES.records,
    events: { created: 'TranscodeRequested', updated: 'TranscodeSucceeded', deleted: 'RecordingErased' },
    toEntity: (row) => recordEntity(row, signer),
    create: recordBody,
    update: z.strictObject({}),
    filters: { id: 'string', webinar_session_id: 'string', assignment_id: 'string', status: 'string' },
    sortable: ['id', 'created_at', 'attempt'],
    defaultOrder: { field: 'created_at', direction: 'asc' },
    handle: notEditable,
  });
  const media = collection({
    name: 'media',
    category: 'media',
    table: TABLES.items,
    events: { created: 'MediaCreated', updated: 'MediaUpdated', deleted: 'MediaDeleted' },
    toEntity: (row) => mediaEntity(row, signer),
    create: z.object({}).passthrough(),
    update: mediaUpdateBody,
    filters: {
      id: 'string',
      parent_id: 'string',
      folder: 'string',
      type: 'string',
      status: 'string',
      owner_id: 'string',
    },
    sortable: ['id', 'name', 'created_at', 'file_size'],
    defaultOrder: { field: 'name', direction: 'asc' },
    search: ['name', 'file_name'],
    handle: mediaHandler,
  });
  return [sessions, records, media];
}
