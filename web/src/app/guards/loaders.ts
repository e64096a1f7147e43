import { notifications } from '@mantine/notifications';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUser, endLocalSession, logout, useSession } from '../../shared/session';
import { decideAreaAccess } from './access';
import type { Area } from '../../shared/guards/groups';
import { afterLoginTarget } from '../../shared/guards/redirects';

/**
 * The guard of an area (001 §2): signed out → the root with redirect_url; another group's area → the
 * 403 page; no school chosen → the index. Runs before the area's screens load.
 */
export function areaLoader(area: Area) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = decideAreaAccess(area, await currentUser(), url);
    switch (decision.kind) {
      case 'login':
        throw redirect(decision.to);
      case 'choose-school':
        throw redirect(decision.to);
      case 'forbidden':
        throw data('Forbidden', { status: 403, statusText: 'Forbidden' });
      default:
        return null;
    }
  };
}

/**
 * The index (001 §2): `?logout` signs a signed-in visitor out; a token in the query (access_token,
 * token_type) signs in with it; a signed-in user with a school goes on to redirect_url or home.
 */
export async function indexLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = url.searchParams;

  if (query.has('logout')) {
    if (useSession.getState().accessToken) await logout();
    throw redirect('/');
  }

  const token = query.get('access_token');
  if (token) {
    endLocalSession();
    useSession.getState().signIn({ access_token: token, token_type: query.get('token_type') ?? 'Bearer' });
    const rest = new URLSearchParams(query);
    for (const name of ['access_token', 'token_type']) rest.delete(name);
    const user = await currentUser().catch(() => null);
    if (!user) {
      // 001 §8: a failure to load the user with a token from the query is an 'Error' toast.
      endLocalSession();
      notifications.show({ color: 'red', title: 'Error', message: 'Error' });
    }
    throw redirect(`/?${rest.toString()}`);
  }

  const user = await currentUser();
  if (user && user.school_id && !user.is_need_complete_challenge) {
    const target = afterLoginTarget(url.search, user.group);
    if (target) throw redirect(target);
  }
  return null;
}

/** The specification's e-mail links land here: /password/reset and /email/confirm become the index views. */
export function linkRedirectLoader(action: 'remind' | 'confirmation') {
  return ({ request }: LoaderFunctionArgs) => {
    const query = new URL(request.url).searchParams;
    const params = new URLSearchParams({ action, code: query.get('action_code') ?? query.get('code') ?? '' });
    for (const name of ['username', 'email']) {
      const value = query.get(name);
      if (value) params.set(name, value);
    }
    throw redirect(`/?${params.toString()}`);
  };
}
