import { api, fetchBlob } from '../../shared/api';
import type { ImportUpload, Task, TaskAction } from './model';

const ACTION_FILES: Record<TaskAction, string> = {
  suspend: 'suspend.json',
  resume: 'start.json',
  abort: 'abort.json',
};

export const taskKeys = {
  one: (id: string) => ['tasks', id] as const,
  list: ['side-panel', 'tasks'] as const,
};

/** The wizard's start: the saved upload and the mapping chosen. */
export interface ImportStart {
  upload_id: string;
  format: ImportUpload['format'];
  file_name: string;
  columns: Record<string, number>;
}

export const tasksApi = {
  get: async (id: string, signal?: AbortSignal) =>
    (await api.get<{ entity: Task }>(`/api/tasks/${id}`, { signal })).entity,
  act: async (id: string, action: TaskAction) =>
    (await api.post<{ entity: Task }>(`/api/tasks/${id}/${ACTION_FILES[action]}`)).entity,
  download: (id: string) => fetchBlob(`/api/tasks/${id}/download`),
  upload: async (kind: 'students' | 'questions', file: File) => {
    const body = new FormData();
    body.append('file', file);
    return (
      await api.post<{ upload: ImportUpload }>('/api/imports/upload.json', body, {
        query: { kind },
        timeoutMs: 120_000,
      })
    ).upload;
  },
  importStudents: async (start: ImportStart) =>
    (await api.post<{ entity: Task }>('/api/students/import.json', start)).entity,
  importQuestions: async (quizId: string, start: ImportStart) =>
    (await api.post<{ entity: Task }>(`/api/quiz/${quizId}/import.json`, start)).entity,
  exportResults: async (assignmentId: string, format: 'csv' | 'xlsx') =>
    (await api.post<{ entity: Task }>(`/api/assignments/${assignmentId}/results/export.json`, { format }))
      .entity,
};

/** Saves a blob under its name, as a link the user clicked would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
