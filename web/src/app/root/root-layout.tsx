import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AuthModal } from '../../features/auth';
import { useRealtime } from '../../shared/realtime';
import { useCurrentUser, useSession } from '../../shared/session';
import { ConfirmDialogHost } from '../../shared/ui/confirm-dialog';
import { AREAS } from '../../shared/guards/groups';
import { loginRedirect } from '../../shared/guards/redirects';
import { MediaFieldSlot } from './media-field-slot';
import { NavigationProgress } from './navigation-progress';
import { ScrollToTop } from './scroll-to-top';

const ChallengeModal = lazy(async () => ({
  default: (await import('../../features/challenges')).ChallengeModal,
}));

/**
 * Above every page: the progress bar, scrolling, the shared dialogs, the realtime connection, and the
 * challenge gate: a user with pending challenges sees only the challenge modal (001 §6).
 */
export function RootLayout() {
  const { user } = useCurrentUser();
  useRealtime(Boolean(user));
  useReturnToLoginWhenSessionEnds();
  const blocked = Boolean(user?.is_need_complete_challenge);
  return (
    <MediaFieldSlot>
      <NavigationProgress />
      <ScrollToTop />
      {blocked ? (
        <Suspense
          fallback={
            <Center h="100dvh">
              <Loader />
            </Center>
          }
        >
          <ChallengeModal />
        </Suspense>
      ) : (
        <Outlet />
      )}
      <AuthModal />
      <ConfirmDialogHost />
    </MediaFieldSlot>
  );
}

/**
 * A session that ends while a protected page is open (refresh refused, sign-out in another tab) sends
 * the visitor to the root with the page remembered, as a signed-out visit to that page would.
 */
function useReturnToLoginWhenSessionEnds() {
  const signedIn = useSession((s) => s.accessToken !== null);
  const location = useLocation();
  const navigate = useNavigate();
  const was = useRef(signedIn);
  useEffect(() => {
    const ended = was.current && !signedIn;
    was.current = signedIn;
    if (!ended) return;
    const area = location.pathname.split('/')[1];
    if ((AREAS as readonly string[]).includes(area ?? ''))
      void navigate(loginRedirect(location.pathname, location.search), { replace: true });
  }, [signedIn, location.pathname, location.search, navigate]);
}
