import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, records, type Page } from '../../../shared/api';
import type { ProctoringAction as ActionContract } from '@sabaq/events';
import {
  withTime,
  type AttemptSummary,
  type ProctoringAction,
  type QueueEntry,
  type RosterEntry,
} from '../model/types';
import { proctoringKeys } from './keys';
import { unlessRefused } from './refusal';

export const PAGE_SIZE = 25;
/** Newest actions the grid loads: two of the list's largest pages; later ones arrive live. */
const RECENT_PAGE = 100;

export interface AssignmentHead {
  id: string;
  name: string;
  status?: string;
  type?: string;
  students?: string[];
  ending_at?: string | null;
  ending_at_type?: string;
}

/** The school's assignments, paged as the teacher's list; null when the caller may not list them. */
export function proctorAssignmentsQuery(page: number) {
  return queryOptions({
    queryKey: proctoringKeys.assignments(page),
    queryFn: ({ signal }) =>
      unlessRefused(() => records.page<AssignmentHead>('assignments', { page, limit: PAGE_SIZE }, signal)),
    placeholderData: keepPreviousData,
  });
}

/** The assignment's record; null when the caller may not read it through the record API. */
export function assignmentHeadQuery(id: string) {
  return queryOptions({
    queryKey: proctoringKeys.assignment(id),
    queryFn: ({ signal }) => unlessRefused(() => records.get<AssignmentHead>('assignments', id, signal)),
  });
}

/** The assignment's attempts; null when the caller may not read them (proctors: from the actions). */
export function attemptsQuery(assignmentId: string) {
  return queryOptions({
    queryKey: proctoringKeys.roster(assignmentId),
    queryFn: ({ signal }) =>
      unlessRefused(() =>
        records.list<AttemptSummary>(
          'assignment-attempts',
          { filter: { assignment_id: assignmentId } },
          signal,
        ),
      ),
  });
}

/** Every student of the assignment with one state per attempt (the proctoring context's roster). */
export function studentsRosterQuery(assignmentId: string) {
  return queryOptions({
    queryKey: proctoringKeys.students(assignmentId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: RosterEntry[] }>('/api/proctoring/roster', {
          query: { assignment_id: assignmentId },
          signal,
        })
      ).entities,
  });
}

/** Students' full names by id; empty when the caller may not read the students collection. */
export function studentNamesQuery(ids: string[]) {
  return queryOptions({
    queryKey: proctoringKeys.names(ids),
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const found = await unlessRefused(() =>
        records.list<{
          id: string;
          user?: { lastname: string; firstname: string; patronymic: string | null };
        }>('students', { filter: { id: ids } }, signal),
      );
      const names: Record<string, string> = {};
      for (const s of found ?? []) {
        if (s.user) {
          names[s.id] = [s.user.lastname, s.user.firstname, s.user.patronymic].filter(Boolean).join(' ');
        }
      }
      return names;
    },
  });
}

/** The review queue of the assignment, highest priority first (attempts with signals only). */
export function reviewQueueQuery(assignmentId: string) {
  return queryOptions({
    queryKey: proctoringKeys.queue(assignmentId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: QueueEntry[] }>('/api/proctoring/review-queue', {
          query: { assignment_id: assignmentId },
          signal,
        })
      ).entities,
  });
}

const actionsPage = (
  query: Record<string, string | number>,
  page: number,
  limit: number,
  signal?: AbortSignal,
) =>
  api
    .get<{ entities: Page<ActionContract> }>('/api/assignment/actions', {
      query: { ...query, page, limit },
      signal,
    })
    .then((answer) => ({ ...answer.entities, data: withTime(answer.entities.data) }));

/**
 * The assignment's newest actions (the list is oldest first, so its last pages): what the grid
 * shows of each student before the live feed adds more.
 */
export function recentActionsQuery(assignmentId: string) {
  return queryOptions({
    queryKey: proctoringKeys.recent(assignmentId),
    queryFn: async ({ signal }) => {
      const query = { assignment_id: assignmentId };
      const first = await actionsPage(query, 1, RECENT_PAGE, signal);
      if (first.last_page <= 1) return first.data;
      const pages = [first.last_page - 1, first.last_page].filter((p) => p > 1);
      const rest = await Promise.all(pages.map((p) => actionsPage(query, p, RECENT_PAGE, signal)));
      return rest.flatMap((p) => p.data);
    },
  });
}

/** The school's newest actions (every assignment the caller watches): the proctor's fallback list. */
export function schoolRecentActionsQuery() {
  return queryOptions({
    queryKey: [...proctoringKeys.all, 'school-recent'] as const,
    queryFn: async ({ signal }) => {
      const first = await actionsPage({}, 1, RECENT_PAGE, signal);
      if (first.last_page <= 1) return first.data;
      return (await actionsPage({}, first.last_page, RECENT_PAGE, signal)).data;
    },
  });
}

/** Pages read at once while loading an attempt's whole action list. */
const PARALLEL_PAGES = 4;

/** Every action of one attempt, oldest first, read page by page (10,000 actions are 100 pages). */
export async function readAttemptActions(
  attemptId: string,
  signal?: AbortSignal,
): Promise<ProctoringAction[]> {
  const query = { assignment_attempt_id: attemptId };
  const first = await actionsPage(query, 1, RECENT_PAGE, signal);
  const pages: ProctoringAction[][] = [first.data];
  for (let next = 2; next <= first.last_page; next += PARALLEL_PAGES) {
    const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.last_page - next + 1) }, (_, i) =>
      actionsPage(query, next + i, RECENT_PAGE, signal),
    );
    for (const page of await Promise.all(batch)) pages.push(page.data);
  }
  return pages.flat();
}

/** performance.mark set when an attempt's actions are in hand; the timeline measures its render from it. */
export const ACTIONS_LOADED_MARK = 'proctoring:actions-loaded';

export function attemptActionsQuery(attemptId: string) {
  return queryOptions({
    queryKey: proctoringKeys.attemptActions(attemptId),
    queryFn: async ({ signal }) => {
      const actions = await readAttemptActions(attemptId, signal);
      performance.mark(ACTIONS_LOADED_MARK);
      return actions;
    },
  });
}
