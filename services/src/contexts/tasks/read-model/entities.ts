import type { Row } from '../../../platform/http/records/collection';

/**
 * The specification's Task (001 §3: id, owner_id, state, name, description, progress, data with total
 * and processed), with `status` beside `state` (the realtime contract's name) and the file it made.
 */
export function taskEntity(row: Row) {
  const total = Number(row.total ?? 0);
  const processed = Number(row.processed ?? 0);
  const file = row.file as { file_name: string; size: number; content_type: string } | null;
  return {
    id: row.id,
    owner_id: row.owner_id,
    kind: row.kind,
    state: row.status,
    status: row.status,
    name: row.name,
    description: row.description,
    // Per cent, whole numbers (001 §9: no decimals).
    progress: row.status === 'completed' ? 100 : total > 0 ? Math.floor((processed / total) * 100) : 0,
    data: { total, processed },
    appendix: row.appendix,
    error: row.error,
    file: file
      ? {
          file_name: file.file_name,
          size: file.size,
          content_type: file.content_type,
          url: `/api/tasks/${String(row.id)}/download`,
        }
      : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
