import { createHash } from 'node:crypto';
import type { Manifest, WebinarSessionFields } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import type { RecordCommandHandler } from '../../../platform/http/records/collection';
import { decideAndAppend } from '../append';
import { jobId, sessionStream } from '../ids';
import { sessionDecider } from './session-decider';
import { withTables } from '../../../platform/read-models/database';
import type { MediaTables } from '../read-model/tables';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;
type Who = Pick<Caller, 'userId' | 'schoolId'>;

/**
 * Opens a session for the calling student. An attempt named must be the caller's own in their school
 * (its assignment is taken from it); an assignment named alone must be one the student is given.
 */
async function checkedLinks(services: Services, caller: Caller, data: WebinarSessionFields) {
  const fields = { ...data };
  if (fields.assignment_attempt_id) {
    const attempt = await withTables<MediaTables>(services.db)
      .selectFrom('assignments_attempts')
      .select(['assignment_id'])
      .where('id', '=', fields.assignment_attempt_id)
      .where('owner_id', '=', caller.userId)
      .where('school_id', '=', caller.schoolId)
      .executeTakeFirst();
    if (!attempt) {
      throw new ValidationError('Unknown attempt', { assignment_attempt_id: ['Попытка не найдена'] });
    }
    fields.assignment_id = String(attempt.assignment_id);
  } else if (fields.assignment_id) {
    const assignment = await withTables<MediaTables>(services.db)
      .selectFrom('assignments_assignments')
      .select('id')
      .where('id', '=', fields.assignment_id)
      .where('school_id', '=', caller.schoolId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!assignment)
      throw new ValidationError('Unknown assignment', { assignment_id: ['Задание не найдено'] });
  }
  return fields;
}

/** The record API's create and delete of a webinar session. */
export const sessionHandler: RecordCommandHandler = async (services, command, caller) => {
  const stream = sessionStream(command.id);
  if (command.type === 'create') {
    // Why the cast: the record API parsed the body with this collection's `create` schema, and
    // RecordCommand carries it as a plain record.
    const data = await checkedLinks(services, caller, command.data as WebinarSessionFields);
    await decideAndAppend(
      services,
      stream,
      sessionDecider,
      { type: 'start', id: command.id, userId: caller.userId, data },
      { commandKey: 'start', caller },
    );
    return;
  }
  if (command.type === 'delete') {
    await decideAndAppend(
      services,
      stream,
      sessionDecider,
      { type: 'delete', id: command.id },
      { commandKey: 'delete', caller },
    );
    return;
  }
  throw new NotFoundError('Sessions are not edited');
};

export async function storeChunkEvent(
  services: Services,
  sessionId: string,
  chunk: { name: string; sha256: string; size: number; key: string },
  who: Who | null,
) {
  return decideAndAppend(
    services,
    sessionStream(sessionId),
    sessionDecider,
    { type: 'store-chunk', id: sessionId, ...chunk },
    { commandKey: `chunk:${chunk.name}:${chunk.sha256}`, caller: who },
  );
}

export async function receiveManifest(
  services: Services,
  sessionId: string,
  manifest: Manifest,
  who: Who | null,
) {
  const digest = createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
  return decideAndAppend(
    services,
    sessionStream(sessionId),
    sessionDecider,
    { type: 'receive-manifest', id: sessionId, manifest },
    { commandKey: `manifest:${digest}`, caller: who },
  );
}

/** Asks for a new conversion (after a failure, or to convert again); answers the record it makes. */
export async function retryConversion(services: Services, sessionId: string, who: Who): Promise<string> {
  const stream = sessionStream(sessionId);
  const { state } = await decideAndAppend(
    services,
    stream,
    sessionDecider,
    { type: 'retry', id: sessionId },
    {
      commandKey: 'retry',
      caller: who,
    },
  );
  return jobId(stream, state.attempt);
}
