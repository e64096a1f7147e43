import type { MediaCreatedData } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import type { RecordCommandHandler } from '../../../platform/http/records/collection';
import { decideAndAppend } from '../append';
import { mediaPrefix, mediaStream } from '../ids';
import { TABLES, type MediaTables } from '../read-model/tables';
import { mediaDecider, type MediaChanges } from './media-decider';
import { withTables } from '../../../platform/read-models/database';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

/** A folder of the caller's library in their school, or a 422 naming parent_id. */
async function folderOf(services: Services, caller: Caller, parentId: string) {
  const folder = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.items)
    .select(['id', 'parent_id', 'type'])
    .where('id', '=', parentId)
    .where('school_id', '=', caller.schoolId)
    .where('owner_id', '=', caller.userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!folder || folder.type !== 'folder') {
    throw new ValidationError('Unknown folder', { parent_id: ['Папка не найдена'] });
  }
  return folder;
}

/** The folder and every folder above it (bounded: a library is not deeper than 100 folders). */
async function ancestors(services: Services, caller: Caller, parentId: string): Promise<string[]> {
  const chain: string[] = [];
  let next: string | null = parentId;
  while (next && chain.length < 100 && !chain.includes(next)) {
    const folder = await folderOf(services, caller, next);
    chain.push(String(folder.id));
    next = folder.parent_id === null ? null : String(folder.parent_id);
  }
  return chain;
}

export async function createMedia(services: Services, caller: Caller, data: MediaCreatedData): Promise<void> {
  if (data.parent_id) await folderOf(services, caller, data.parent_id);
  await decideAndAppend(
    services,
    mediaStream(data.id),
    mediaDecider,
    { type: 'create', data },
    {
      commandKey: 'create',
      caller,
    },
  );
}

export async function retryMedia(services: Services, caller: Caller, id: string): Promise<void> {
  await decideAndAppend(
    services,
    mediaStream(id),
    mediaDecider,
    { type: 'retry', id },
    { commandKey: 'retry', caller },
  );
}

/**
 * Removes an item, and a folder with everything in it: its contents first, deepest first, so that a
 * removal cut short leaves the folder in place and asking again finishes it (nothing is left unreachable
 * from the root). The record API has already checked the caller may remove the top item; what is inside
 * a folder goes with it.
 */
async function removeItem(
  services: Pick<ContextServices, 'store' | 'db' | 'clock' | 'objects'>,
  caller: Caller,
  id: string,
  depth = 0,
): Promise<void> {
  const children = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.items)
    .select('id')
    .where('parent_id', '=', id)
    .where('deleted', '=', false)
    .execute();
  if (depth < 100) {
    for (const child of children) {
      await removeItem(services, caller, String(child.id), depth + 1).catch((error: unknown) => {
        // Removed meanwhile by another request: what was asked for holds.
        if (!(error instanceof NotFoundError)) throw error;
      });
    }
  }
  await decideAndAppend(
    services,
    mediaStream(id),
    mediaDecider,
    { type: 'delete', id },
    { commandKey: 'delete', caller },
  );
  // The file and its conversions go with the item; the events keep that it existed.
  const objects = await services.objects.list(mediaPrefix(id));
  await services.objects.remove(objects.map((o) => o.key));
}

/** The record API's rename, move and remove of a media item (its create is the multipart upload). */
export const mediaHandler: RecordCommandHandler = async (services, command, caller) => {
  const stream = mediaStream(command.id);
  if (command.type === 'create') throw new ForbiddenError('Upload a file as multipart/form-data');
  if (command.type === 'delete') {
    await removeItem(services, caller, command.id);
    return;
  }
  const row = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.items)
    .select(['name', 'description', 'parent_id'])
    .where('id', '=', command.id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`No media record ${command.id}`);
  const changes = command.changes as MediaChanges;
  const chain = changes.parent_id ? await ancestors(services, caller, changes.parent_id) : [];
  await decideAndAppend(
    services,
    stream,
    mediaDecider,
    { type: 'update', id: command.id, changes, current: row, ancestors: chain },
    { commandKey: `update:${JSON.stringify(changes)}`, caller },
  );
};
