import { signedIn, type RouteAccessTable } from '../../platform/http/route-access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const notificationsRouteAccess: RouteAccessTable = {
  // Notifications (contexts/notifications): the caller's own only; another user's is 404.
  'GET /api/notifications': signedIn,
  'GET /api/notifications/:id': signedIn,
  'PUT /api/notifications/:id': signedIn,
  'POST /api/notifications/read-all.json': signedIn,
};
