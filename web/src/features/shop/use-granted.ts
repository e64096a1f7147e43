import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

interface Grant {
  product_id: string;
  course_id: string | null;
  assignment_id: string | null;
}

/** The caller's grants (paid orders' access), shared by the buy button and the pages it sits on. */
export const grantsQuery = {
  queryKey: ['shop', 'grants'],
  queryFn: async () => (await api.get<{ entities: Grant[] }>('/api/shop/grants.json')).entities,
  meta: { errorToast: false },
} as const;

/**
 * Whether the caller holds access to a prepaid assignment: true or false, undefined while unknown (a
 * page then keeps what it shows without the answer). Only asked when `prepaid` says it matters.
 */
export function useAssignmentGranted(assignmentId: string, prepaid: boolean): boolean | undefined {
  const grants = useQuery({ ...grantsQuery, enabled: prepaid });
  if (!prepaid) return true;
  return grants.data?.some((g) => g.assignment_id === assignmentId);
}
