import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../shared/api/query-client';
import { preloadPage } from '../../shared/guards/page-preload';
import { afterLoginTarget } from '../../shared/guards/redirects';
import { api } from '../../shared/api';
import { USER_QUERY_KEY, userQuery, useSession, type TokenAnswer } from '../../shared/session';
import { useAuthModal } from '../../shared/access/auth-modal-store';

/**
 * After a token was obtained (login, registration, a token from a link): keep it, read the user, close
 * the modal and go where the visitor was headed. A user with pending challenges or without a school
 * stays where the challenge and school modals show.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (answer: TokenAnswer) => {
      useSession.getState().signIn(answer);
      queryClient.removeQueries({ queryKey: USER_QUERY_KEY });
      const user = await queryClient.fetchQuery(userQuery);
      const target = user.school_id ? afterLoginTarget(location.search, user.group) : null;
      // The area's screens download while the modal closes and the own record is asked for.
      if (target) preloadPage(target);
      useAuthModal.getState().close();
      // 001 §6: the teacher's and the student's own records are loaded after login.
      if (!user.is_need_complete_challenge && (user.group === 'teacher' || user.group === 'student')) {
        const path = `/api/${user.group}.json`;
        void queryClient.prefetchQuery({
          queryKey: ['own-record', user.group],
          queryFn: () => api.get(path),
        });
      }
      if (target) await navigate(target, { replace: true });
    },
    [location.search, navigate],
  );
}
