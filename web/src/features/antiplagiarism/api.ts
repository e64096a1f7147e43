import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, records } from '../../shared/api';
import type { Band } from './model';

/** Anti-plagiarism groups, checks and reports (docs/antiplagiarism.md). */
export const GROUPS = 'antiplagiarism-groups';
export const PAGE_SIZE = 25;

export interface GroupRecord {
  id: string;
  name: string;
  description: string | null;
  class_ids: string[];
}
export type GroupFields = { name: string; description: string; class_ids: string[] };
export interface ClassOption {
  id: string;
  name: string;
}
export interface CheckTask {
  id: string;
  state: 'new' | 'process' | 'completed' | 'suspended' | 'failure';
  progress: number;
  error: string | null;
  file: { url: string; file_name: string } | null;
}
export interface SourceRef {
  answer_key: string;
  student_id: string;
  student_name: string;
  assignment_id: string;
  assignment_name?: string;
  similarity: number;
}
export interface ReportRow {
  answer_key: string;
  student_id: string;
  student_name: string;
  component_id: string;
  question: string;
  kind: 'text' | 'code';
  words: number;
  verdict: 'checked' | 'too_short';
  originality: number | null;
  band: Band;
  strongest_source: SourceRef | null;
}
export interface Report {
  task: CheckTask;
  assignment: { id: string; name: string };
  check: {
    mode: 'flagged' | 'all-text';
    answers: number;
    compared_assignments: number;
    checked_at: string;
  } | null;
  rows: ReportRow[];
  distribution: { buckets: { from: number; to: number; count: number }[]; too_short: number };
}
export interface Fragment {
  start: number;
  end: number;
  source_start: number;
  source_end: number;
}
export interface AnswerDetail {
  answer_key: string;
  student_name: string;
  originality: number | null;
  band: Band;
  words: number;
  text: string;
  answered_at: string;
  sources: SourceRef[];
  source: {
    answer_key: string;
    student_name: string;
    similarity: number;
    answered_at: string;
    text: string;
    fragments: Fragment[];
  } | null;
}

export const antiplagiarismKeys = {
  pages: [GROUPS, 'page'] as const,
  page: (page: number) => [GROUPS, 'page', page] as const,
  one: (id: string) => [GROUPS, 'one', id] as const,
  classes: ['antiplagiarism', 'classes'] as const,
  task: (id: string) => ['antiplagiarism', 'task', id] as const,
  report: (task: string) => ['antiplagiarism', 'report', task] as const,
  answer: (task: string, key: string, source?: string) =>
    ['antiplagiarism', 'answer', task, key, source ?? ''] as const,
};

const running = (state: CheckTask['state'] | undefined) => state === 'new' || state === 'process';

export const groupsPageQuery = (page: number) =>
  queryOptions({
    queryKey: antiplagiarismKeys.page(page),
    queryFn: ({ signal }) => records.page<GroupRecord>(GROUPS, { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: antiplagiarismKeys.one(id),
    queryFn: ({ signal }) => records.get<GroupRecord>(GROUPS, id, signal),
  });
/** The school's classes for the multi-select (a school has tens of classes, not thousands). */
export const classesQuery = queryOptions({
  queryKey: antiplagiarismKeys.classes,
  queryFn: async ({ signal }) =>
    (await records.page<ClassOption>('classes', { page: 1, limit: 100 }, signal)).data,
});

export const saveGroup = (id: string | null, fields: GroupFields | Partial<GroupFields>) => {
  const body = { ...fields, ...('description' in fields ? { description: fields.description || null } : {}) };
  return id ? records.update<GroupRecord>(GROUPS, id, body) : records.create<GroupRecord>(GROUPS, body);
};

export const startCheck = async (assignmentId: string) =>
  (
    await api.post<{ entity: CheckTask }>(
      `/api/assignments/${encodeURIComponent(assignmentId)}/antiplagiarism/check.json`,
      {},
    )
  ).entity;

/** The check's task, asked again every second while it runs. */
export const checkTaskQuery = (id: string) =>
  queryOptions({
    queryKey: antiplagiarismKeys.task(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ entity: CheckTask }>(`/api/tasks/${encodeURIComponent(id)}`, { signal })).entity,
    refetchInterval: (query) => (running(query.state.data?.state) ? 1000 : false),
  });

export const reportQuery = (task: string) =>
  queryOptions({
    queryKey: antiplagiarismKeys.report(task),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entity: Report }>(`/api/antiplagiarism/reports/${encodeURIComponent(task)}`, {
          signal,
        })
      ).entity,
    refetchInterval: (query) => (running(query.state.data?.task.state) ? 1000 : false),
  });

export const answerQuery = (task: string, key: string, source?: string) =>
  queryOptions({
    queryKey: antiplagiarismKeys.answer(task, key, source),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entity: AnswerDetail }>(
          `/api/antiplagiarism/reports/${encodeURIComponent(task)}/answers/${encodeURIComponent(key)}`,
          { signal, query: source ? { source } : {} },
        )
      ).entity,
  });
