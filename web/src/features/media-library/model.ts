/** A media library item as GET /api/media answers it (docs/media.md; 000 §3, 001 §3). */
export interface MediaItem {
  id: string;
  owner_id: string;
  parent_id: string | null;
  status: MediaStatus | null;
  name: string;
  type: MediaType;
  file_name: string | null;
  file_size: number | null;
  mime_type: string | null;
  src: string | null;
  preview_src: string | null;
  /** The lasting address once the owner shared the file (POST /api/media/{id}/share.json), else null. */
  shared_src?: string | null;
  encoded: { type: 'hls'; playlist: string } | null;
  progress: number | null;
  failure_reason: string | null;
  created_at: string;
}

export type MediaType = 'folder' | 'image' | 'video' | 'audio' | 'document' | 'other';
export const MEDIA_TYPES: MediaType[] = ['folder', 'image', 'video', 'audio', 'document', 'other'];
/** 000 §5: undefined, in_process, ready, failure. */
export type MediaStatus = 'undefined' | 'in_process' | 'ready' | 'failure';

export const isFolder = (item: Pick<MediaItem, 'type'>) => item.type === 'folder';

/** A video not yet converted (undefined or in process) shows progress, and is asked again until it ends. */
export function isConverting(item: Pick<MediaItem, 'type' | 'status'>): boolean {
  return (
    item.type === 'video' &&
    (item.status === 'undefined' || item.status === 'in_process' || item.status === null)
  );
}

/** 001 §9: sizes are shown as bytes / 1000 kilobytes, without decimals below 10 KB… rounded to one. */
export function sizeInKb(bytes: number | null): number | null {
  if (bytes === null) return null;
  return Math.round(bytes / 100) / 10;
}

/** The percentage of an upload, whole and within 0…100 (a total of 0 is not yet known: 0 %). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** 001 §3: the parent sent when pasting; the string 'null' means the root. */
export const parentForPaste = (folderId: string | null): string => folderId ?? 'null';

/** A folder on the way from the root, for breadcrumbs. */
export interface Crumb {
  id: string;
  name: string;
}

/**
 * The path from the root to a folder, from the folder's ancestors as they are read one by one upward
 * (the folder first). Stops at a cycle or a missing parent rather than walking for ever.
 */
export function trailFrom(chain: Pick<MediaItem, 'id' | 'name' | 'parent_id'>[]): Crumb[] {
  const trail: Crumb[] = [];
  const seen = new Set<string>();
  for (const item of chain) {
    if (seen.has(item.id)) break;
    seen.add(item.id);
    trail.unshift({ id: item.id, name: item.name });
  }
  return trail;
}

/** Folders first, then by name in the reader's language: how a file manager lists a folder. */
export function sortItems<T extends Pick<MediaItem, 'type' | 'name'>>(items: T[], locale: string): T[] {
  return [...items].sort(
    (a, b) => Number(isFolder(b)) - Number(isFolder(a)) || a.name.localeCompare(b.name, locale),
  );
}

/** Where a moved item may go: not into itself (the server refuses; the menu should not offer it). */
export function canPasteInto(
  cut: Pick<MediaItem, 'id' | 'parent_id'> | null,
  folderId: string | null,
): boolean {
  if (!cut) return false;
  if (cut.id === folderId) return false;
  return (cut.parent_id ?? null) !== folderId;
}
