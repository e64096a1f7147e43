import { only, signedIn, type RouteAccessTable } from '../../platform/http/route-access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const webinarsRouteAccess: RouteAccessTable = {
  // Webinars (contexts/webinars): the routes check the webinar's people (404 to anyone else) and the
  // moderator for changes; creating one is for a school's staff.
  'GET /api/webinars': signedIn,
  'POST /api/webinars': only('admin', 'manager', 'teacher'),
  'GET /api/webinars/:id': signedIn,
  'PUT /api/webinars/:id': signedIn,
  'DELETE /api/webinars/:id': signedIn,
  'POST /api/webinars/:id/end.json': signedIn,
  'GET /api/assignments/:id/webinar.json': signedIn,
};
