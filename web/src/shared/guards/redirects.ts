import { homeOf } from './groups';
import { isSafePath } from './safe-path';

export const REDIRECT_PARAM = 'redirect_url';

/**
 * Where a signed-out visitor of a protected page is sent: the root, with the page's own query kept and
 * the page itself (path and query) in redirect_url, to come back to after signing in.
 */
export function loginRedirect(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(REDIRECT_PARAM);
  params.set(REDIRECT_PARAM, pathname + search);
  return `/?${params.toString()}`;
}

/** After signing in: the remembered page when it is a safe in-site path, else the group's home. */
export function afterLoginTarget(search: string, group: string): string | null {
  const wanted = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (wanted && isSafePath(wanted) && !isIndex(wanted)) return wanted;
  return homeOf(group);
}

function isIndex(path: string): boolean {
  return path === '/' || path.startsWith('/?') || path.startsWith('/#');
}
