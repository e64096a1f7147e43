import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthModal, viewFromQuery } from '../../shared/access/auth-modal-store';
import { useCurrentUser } from '../../shared/session';
import { afterLoginTarget } from '../../shared/guards/redirects';
import { PublicLayout } from '../layouts/public-layout';
import { Landing } from './home';

const SchoolSelectModal = lazy(async () => ({
  default: (await import('../../features/schools')).SchoolSelectModal,
}));
const SignedInWithoutArea = lazy(() => import('./signed-in-without-area'));

/**
 * The root (001 §2): signed out, the front page with the authentication modal open (a link's
 * ?action= picks its view); signed in without a school, the school must be chosen; signed in, on to
 * redirect_url or the group's home; a group without an area stays here, in the main layout.
 */
export function IndexRoute() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  useOpenAuthModalForGuests(user === null, location.search);

  if (isLoading) return <FullPageLoader />;
  if (!user)
    return (
      <PublicLayout>
        <Landing />
      </PublicLayout>
    );
  if (!user.school_id)
    return (
      <PublicLayout>
        <Landing signedIn />
        <Suspense fallback={null}>
          <SchoolSelectModal opened required />
        </Suspense>
      </PublicLayout>
    );
  const target = afterLoginTarget(location.search, user.group);
  if (target) return <Navigate to={target} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <SignedInWithoutArea />
    </Suspense>
  );
}

function useOpenAuthModalForGuests(guest: boolean, search: string) {
  useEffect(() => {
    if (!guest) return;
    const fromLink = viewFromQuery(search);
    const modal = useAuthModal.getState();
    if (fromLink) modal.open(fromLink.view, fromLink.params);
    else if (!modal.opened) modal.open('login');
  }, [guest, search]);
}

export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <Loader aria-label="…" />
    </Center>
  );
}
