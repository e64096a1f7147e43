import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useAuthModal } from '../../shared/access/auth-modal-store';
import { useSession } from '../../shared/session';
import { PublicLayout } from '../layouts/public-layout';
import { Landing } from './home';

/** /register/{url}: the registration view, with the invite code from the link filled in. */
export function RegisterRoute() {
  const { url } = useParams();
  const signedIn = useSession((s) => s.accessToken !== null);
  useEffect(() => {
    if (!signedIn) useAuthModal.getState().open('register', { inviteCode: url ?? '' });
  }, [signedIn, url]);
  if (signedIn) return <Navigate to="/" replace />;
  return (
    <PublicLayout>
      <Landing />
    </PublicLayout>
  );
}
