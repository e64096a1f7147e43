import type { Readable } from 'node:stream';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { withTables } from '../../../platform/read-models/database';
import { assignmentsFacts, watches } from '../assignments-lookup';
import type { ProctoringTables } from '../tables';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Where the API serves an action's screenshot: the object store itself is never exposed. */
export const screenshotPath = (actionId: string, index: number) =>
  `/api/proctoring/screenshots/${actionId}/${index}`;

/**
 * One screenshot of an action, for the action's student or the watchers of its assignment; anything
 * else is 404, as if absent.
 */
export async function openScreenshot(
  services: Pick<ContextServices, 'db' | 'objects'>,
  caller: Caller,
  actionId: string,
  index: number,
): Promise<{ body: Readable; contentType: string }> {
  const row = await withTables<ProctoringTables>(services.db)
    .selectFrom('proctoring_actions')
    .select(['assignment_id', 'student_id', 'screenshots'])
    .where('id', '=', actionId)
    .where('school_id', '=', caller.schoolId)
    .executeTakeFirst();
  const keys = Array.isArray(row?.screenshots) ? row.screenshots : [];
  const key = keys[index];
  if (!row || !key) throw new NotFoundError('Снимок не найден');
  const visible =
    caller.group === 'student'
      ? row.student_id === caller.userId
      : await assignmentsFacts(services.db, [row.assignment_id]).then((found) => {
          const assignment = found.get(row.assignment_id);
          return assignment !== undefined && watches(caller, assignment);
        });
  if (!visible) throw new NotFoundError('Снимок не найден');
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return { body: await services.objects.get(key), contentType: TYPES[ext] ?? 'application/octet-stream' };
}
