import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { records } from '../../../shared/api';
import type { ChartSettings, SavedQuery } from './types';

const COLLECTION = 'analytics-queries';

export const savedQueryKeys = {
  all: ['analytics', 'saved-queries'] as const,
};

/** The school's saved queries by name (the list is short: what a few analysts keep). */
export const savedQueriesQuery = queryOptions({
  queryKey: savedQueryKeys.all,
  queryFn: ({ signal }) => records.list<SavedQuery>(COLLECTION, { orderBy: 'name' }, signal),
  // The list page shows the failure itself.
  meta: { errorToast: false },
});

export interface SavedQueryInput {
  name: string;
  sql: string;
  chart: ChartSettings;
}

export const createSavedQuery = (input: SavedQueryInput) => records.create<SavedQuery>(COLLECTION, input);
export const updateSavedQuery = (id: string, changes: Partial<SavedQueryInput>) =>
  records.update<SavedQuery>(COLLECTION, id, changes);
export const deleteSavedQuery = (id: string) => records.remove(COLLECTION, id);

function useInvalidateSaved() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: savedQueryKeys.all });
}

export function useCreateSavedQuery() {
  const invalidate = useInvalidateSaved();
  // The name dialog shows the refusal.
  return useMutation({ mutationFn: createSavedQuery, onSuccess: invalidate, meta: { errorToast: false } });
}

export function useUpdateSavedQuery() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<SavedQueryInput> }) =>
      updateSavedQuery(id, changes),
    onSuccess: invalidate,
    // The rename dialog shows its refusal; the console's save tells with a toast itself.
    meta: { errorToast: false },
  });
}

export function useDeleteSavedQuery() {
  const invalidate = useInvalidateSaved();
  return useMutation({ mutationFn: deleteSavedQuery, onSuccess: invalidate });
}
