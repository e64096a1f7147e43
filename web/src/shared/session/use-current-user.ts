import { useQuery } from '@tanstack/react-query';
import { userQuery } from './session';
import { useSession } from './session-store';
import type { User } from './types';

/** The signed-in user as React state: undefined while loading, null when signed out. */
export function useCurrentUser(): { user: User | null | undefined; isLoading: boolean } {
  const signedIn = useSession((s) => s.accessToken !== null);
  const query = useQuery({ ...userQuery, enabled: signedIn });
  if (!signedIn) return { user: null, isLoading: false };
  return { user: query.data ?? (query.isError ? null : undefined), isLoading: query.isPending };
}
