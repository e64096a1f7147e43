import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { decideAndAppend } from '../append';
import { recordingPrefix, sessionStream } from '../ids';
import { TABLES, type MediaTables } from '../read-model/tables';
import { sessionDecider } from '../sessions/session-decider';
import { withTables } from '../../../platform/read-models/database';

type Services = Pick<ContextServices, 'store' | 'db' | 'objects' | 'clock'>;

/**
 * Erases the recordings of one attempt in the caller's school: every object under each session's prefix
 * (chunks, renditions, thumbnails, and whatever derived frames are kept there) is removed first, then
 * RecordingErased says so and how many objects went. Erasing again removes what is left and records
 * nothing new; the sessions stay as tombstones so the attempt's history still shows there was a recording.
 */
export async function eraseAttemptRecordings(
  services: Services,
  caller: Caller,
  attemptId: string,
  reason: string,
) {
  const sessions = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.sessions)
    .select(['id'])
    .where('assignment_attempt_id', '=', attemptId)
    .where('school_id', '=', caller.schoolId)
    .where('deleted', '=', false)
    .execute();
  if (sessions.length === 0) throw new NotFoundError(`No recordings of attempt ${attemptId}`);
  const erased: { webinar_session_id: string; objects: number }[] = [];
  for (const { id } of sessions) erased.push(await eraseSession(services, String(id), reason, caller));
  return erased;
}

/** Removes one session's objects, then records the erasure (once; a second call removes what is left). */
export async function eraseSession(
  services: Services,
  sessionId: string,
  reason: string,
  who: Pick<Caller, 'userId' | 'schoolId'> | null,
) {
  const objects = await services.objects.list(recordingPrefix(sessionId));
  await services.objects.remove(objects.map((o) => o.key));
  await decideAndAppend(
    services,
    sessionStream(sessionId),
    sessionDecider,
    { type: 'erase', id: sessionId, objects: objects.length, reason },
    { commandKey: 'erase', caller: who },
  );
  return { webinar_session_id: sessionId, objects: objects.length };
}
