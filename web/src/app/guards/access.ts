import { AREA_GROUPS, type Area } from '../../shared/guards/groups';
import { loginRedirect } from '../../shared/guards/redirects';

/** What the guard needs to know about the signed-in user. */
export interface GuardUser {
  group: string;
  school_id: string | null;
}

export type AccessDecision =
  | { kind: 'allow' }
  /** Signed out: to the root, remembering the page. */
  | { kind: 'login'; to: string }
  /** Signed in, but the page's area is not for this group: the 403 page. */
  | { kind: 'forbidden' }
  /** Signed in without a chosen school: to the index, where the school is chosen. */
  | { kind: 'choose-school'; to: '/' };

/** The guard of an area's routes (001 §2 page guards): order matters, signed-out first. */
export function decideAreaAccess(
  area: Area,
  user: GuardUser | null,
  location: { pathname: string; search: string },
): AccessDecision {
  if (!user) return { kind: 'login', to: loginRedirect(location.pathname, location.search) };
  if (!AREA_GROUPS[area].includes(user.group as never)) return { kind: 'forbidden' };
  if (!user.school_id) return { kind: 'choose-school', to: '/' };
  return { kind: 'allow' };
}
