export { requestPasswordToken, PASSWORD_CLIENT_ID } from './auth-api';
export {
  currentUser,
  endLocalSession,
  installSessionHooks,
  logout,
  refreshSession,
  userQuery,
  USER_QUERY_KEY,
} from './session';
export { useSession, isSignedIn } from './session-store';
export { sessionIdOf } from './token-storage';
export type { School, TokenAnswer, User } from './types';
export { useCurrentUser } from './use-current-user';
export { useConfirmedLogout } from './use-confirmed-logout';
