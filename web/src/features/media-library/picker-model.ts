import { isConverting, isFolder, type MediaItem, type MediaType } from './model';

/** The kinds of file a screen may ask the picker for (spec 001 §5: image, video, document…). */
export type PickableKind = Exclude<MediaType, 'folder'>;

/** What the picker answers: enough to store a reference (id) and show it now (src). */
export interface PickedMedia {
  id: string;
  name: string;
  type: PickableKind;
  src: string | null;
  preview_src: string | null;
}

/** The type filter's choices: every allowed kind, with "all" in front when more than one is allowed. */
export function kindChoices(kinds: readonly PickableKind[]): ('all' | PickableKind)[] {
  return kinds.length > 1 ? ['all', ...kinds] : [...kinds];
}

/**
 * The `type` sent to GET /api/media for the chosen filter: one kind, or none for "all" (the server
 * filters by one type at a time; the rest of "all" is narrowed on the client by `isPickable`).
 */
export function typeParam(chosen: 'all' | PickableKind): PickableKind | null {
  return chosen === 'all' ? null : chosen;
}

/** A file may be chosen when it is of an allowed kind and usable now (not a video still converting or failed). */
export function isPickable(
  item: Pick<MediaItem, 'type' | 'status'>,
  kinds: readonly PickableKind[],
): boolean {
  if (isFolder(item)) return false;
  if (!kinds.includes(item.type as PickableKind)) return false;
  if (isConverting(item) || item.status === 'failure') return false;
  return true;
}

/** The files of a listed page the picker shows: folders are listed apart, other kinds are left out. */
export function pickerFiles<T extends Pick<MediaItem, 'type' | 'status'>>(
  items: readonly T[],
  kinds: readonly PickableKind[],
): T[] {
  return items.filter((item) => !isFolder(item) && kinds.includes(item.type as PickableKind));
}

/** The `accept` of the upload input for the allowed kinds (a document is anything else). */
export function acceptFor(kinds: readonly PickableKind[]): string | undefined {
  if (kinds.some((k) => k === 'document' || k === 'other')) return undefined;
  return kinds.map((k) => `${k}/*`).join(',');
}

export function toPicked(item: MediaItem): PickedMedia {
  return {
    id: item.id,
    name: item.name,
    type: item.type as PickableKind,
    src: item.src,
    preview_src: item.preview_src,
  };
}

/**
 * What a form stores for a chosen file: its lasting address (docs/media.md, "Lasting links"), not the
 * signed URL the library listed, which stops working after an hour and opens for its owner's school only
 * through the lasting link. The preview keeps the signed URL: it is shown now, in the picker's session.
 */
export function toStored(picked: PickedMedia, shared: Pick<MediaItem, 'shared_src'>): PickedMedia {
  if (!shared.shared_src) throw new Error(`media ${picked.id} was not shared`);
  return { ...picked, src: shared.shared_src };
}
