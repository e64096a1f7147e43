import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ForbiddenError } from '../errors';
import { bearerToken, refusePendingChallenges, UnauthenticatedError } from './authenticate';
import type { Authenticator, Group } from './caller';

/**
 * Who may call a route that is not a record collection's (those follow records/access.ts):
 * - public: anyone; a route may still read a token when one is sent (phone verification does);
 * - own-token: the route checks its token itself (logout accepts a token whose session already ended);
 * - caller: any signed-in user, acting on their own data only (the route takes no other user's id);
 *   `challenges: 'allowed'` keeps it open while challenges are pending (403 1201 otherwise);
 * - groups: only these groups; a route that names another record checks its school itself;
 * - records: the record API's route, decided by the record access table.
 */
export type RouteRule =
  | { kind: 'public' }
  | { kind: 'own-token' }
  | { kind: 'caller'; challenges?: 'allowed' }
  | { kind: 'groups'; groups: readonly Group[] }
  | { kind: 'records' };

const publicRoute: RouteRule = { kind: 'public' };
const caller: RouteRule = { kind: 'caller' };
const duringChallenges: RouteRule = { kind: 'caller', challenges: 'allowed' };
const only = (...groups: Group[]): RouteRule => ({ kind: 'groups', groups });
/** The staff of a school; routes about an assignment narrow this to its teacher themselves. */
const assignmentStaff = only('admin', 'manager', 'teacher');

/** Students write and read their own telemetry; the assignment's watchers everything of it. */
const proctoringWriters = only('student', 'proctor', 'teacher', 'manager', 'admin');
const proctoringWatchers = only('proctor', 'teacher', 'manager', 'admin');

/** The one authorisation table of the non-record routes: `METHOD path` → rule. */
export const routeAccessTable: Record<string, RouteRule> = {
  // Signing in and out.
  'POST /oauth/token': publicRoute,
  'POST /oauth/logout': { kind: 'own-token' },
  'POST /logout.json': { kind: 'own-token' },
  // The caller and their schools.
  'GET /api/user.json': duringChallenges,
  'GET /api/schools.json': caller,
  'POST /api/select-school.json': caller,
  'PUT /api/user/profile': caller,
  'GET /api/student.json': only('student'),
  'GET /api/teacher.json': only('teacher'),
  // Passwords: changing one's own, and recovery for those who cannot sign in.
  'POST /api/password/change.json': duringChallenges,
  'POST /api/password/request-via-code.json': publicRoute,
  'POST /api/verification/check.json': publicRoute,
  'POST /api/password/change-via-code.json': publicRoute,
  'POST /api/password/check-via-fullname.json': publicRoute,
  'POST /api/password/change-via-fullname.json': publicRoute,
  // Phone and e-mail verification: phones are verified before registration too.
  'POST /api/phone/request.json': publicRoute,
  'POST /api/phone/confirm.json': publicRoute,
  'POST /api/email/request.json': caller,
  'POST /api/email/confirm.json': publicRoute,
  // Challenges.
  'GET /api/user/challenges': duringChallenges,
  'GET /api/user/challenges/:id': duringChallenges,
  'POST /api/user/challenge/sign-privacy-policy': duringChallenges,
  'POST /api/edoc/create-request-personal-data': duringChallenges,
  'POST /api/edoc/verify-request-personal-data': duringChallenges,
  'POST /api/user/challenge/request-personal-data': duringChallenges,
  'POST /api/users/:id/challenges.json': only('admin', 'manager'),
  // Registration with an invite code, and joining another school with one.
  'POST /api/register/validate.json': publicRoute,
  'POST /api/register/submit.json': publicRoute,
  'POST /api/attach-school.json': caller,
  // The certificate a user signs in with through the signing application.
  'POST /api/user/signing-key.json': caller,
  'DELETE /api/user/signing-key.json': caller,
  // External OAuth applications (identity/oauth): anyone lists them and signs in through them (the
  // challenge link, the provider's callback and the one-time code are checked by the routes); admins
  // register them.
  'GET /api/oauth-applications': publicRoute,
  'GET /api/oauth-applications/:id': publicRoute,
  'POST /api/oauth-applications': only('admin'),
  'PUT /api/oauth-applications/:id': only('admin'),
  'DELETE /api/oauth-applications/:id': only('admin'),
  'GET /api/oauth-applications/challenge/:id': publicRoute,
  'GET /api/oauth-applications/callback/:id': publicRoute,
  'POST /api/oauth-applications/sign-in.json': publicRoute,
  // Where the signing application listens on the user's machine (before sign-in).
  'GET /api/signing-app.json': publicRoute,
  // Enumerations (reference context).
  'GET /api/enums.json': caller,
  'GET /api/enum/:name': caller,
  // Certificates (contexts/certificates): the holder's own; an assignment's teacher issues, revokes and
  // restores (the route checks the assignment's school and owner).
  'GET /api/user/certificates': caller,
  'GET /api/user/certificates/:id': caller,
  'GET /api/user/certificates/:id/render.svg': caller,
  // What a certificate's QR code points to: anyone holding the paper may check it (by its uuid).
  'GET /api/certificate-check/:id': publicRoute,
  // The public report (`/report/{token}`): anyone holding the link; the token is the proof.
  'GET /api/report/:token': publicRoute,
  // An attempt's share link: the assignment's own teacher (the route checks school and owner).
  'GET /api/assignments/:id/attempts/:attemptId/report-link.json': only('teacher'),
  'POST /api/assignments/:id/attempts/:attemptId/report-link.json': only('teacher'),
  'DELETE /api/assignments/:id/attempts/:attemptId/report-link.json': only('teacher'),
  // An assignment's launch link (docs/assignments.md): its owner and the school's staff issue and revoke
  // it (the route checks school and owner); any signed-in user follows it; its name is public to the holder.
  'GET /api/assignments/:id/launch-link.json': assignmentStaff,
  'POST /api/assignments/:id/launch-link.json': assignmentStaff,
  'POST /api/assignments/:id/launch-link/renew.json': assignmentStaff,
  'DELETE /api/assignments/:id/launch-link.json': assignmentStaff,
  'GET /api/assignment-links/:token': caller,
  'GET /api/assignment-links/:token/preview.json': publicRoute,
  // The link's short code (/startx): any signed-in user; wrong codes are limited per caller.
  'GET /api/assignment-links/code/:code': caller,
  // Any caller reaches it: the route answers only the assignment's owner and school staff (else 403/404).
  'GET /api/assignments/:id/certificates.json': caller,
  'POST /api/assignments/:id/students/:studentId/certificate/issue.json': assignmentStaff,
  'POST /api/assignments/:id/students/:studentId/certificate/revoke.json': assignmentStaff,
  'POST /api/assignments/:id/students/:studentId/certificate/restore.json': assignmentStaff,
  // Notifications (contexts/notifications): the caller's own only; another user's is 404.
  'GET /api/notifications': caller,
  'GET /api/notifications/:id': caller,
  'PUT /api/notifications/:id': caller,
  'POST /api/notifications/read-all.json': caller,
  // Webinars (contexts/webinars): the routes check the webinar's people (404 to anyone else) and the
  // moderator for changes; creating one is for a school's staff.
  'GET /api/webinars': caller,
  'POST /api/webinars': only('admin', 'manager', 'teacher'),
  'GET /api/webinars/:id': caller,
  'PUT /api/webinars/:id': caller,
  'DELETE /api/webinars/:id': caller,
  'POST /api/webinars/:id/end.json': caller,
  'GET /api/assignments/:id/webinar.json': caller,
  // Background tasks (contexts/tasks): the owner's own task (the route checks it); an assignment's
  // teachers and the school's staff export its results.
  'POST /api/tasks/:id/suspend.json': caller,
  'POST /api/tasks/:id/start.json': caller,
  'POST /api/tasks/:id/abort.json': caller,
  'GET /api/tasks/:id/download': caller,
  'POST /api/assignments/:id/results/export.json': assignmentStaff,
  // Anti-plagiarism checks (docs/antiplagiarism.md): the assignment's staff; the routes check which.
  'POST /api/assignments/:id/antiplagiarism/check.json': assignmentStaff,
  'GET /api/antiplagiarism/reports/:task': assignmentStaff,
  'GET /api/antiplagiarism/reports/:task/answers/:key': assignmentStaff,
  // A school's admins and managers import its students from a table (a task in their school).
  'POST /api/students/import.json': only('admin', 'manager'),
  // Proctoring (docs/proctoring.md): the routes check the attempt's student or the assignment's watchers.
  'POST /api/assignment/actions': proctoringWriters,
  'POST /api/assignment/actions/batch': proctoringWriters,
  'POST /api/assignment/activities': only('student'),
  'GET /api/assignment/actions': proctoringWriters,
  'GET /api/assignment/actions/:assignment.json': proctoringWriters,
  'GET /api/assignment/activities': proctoringWriters,
  'GET /api/assignment/activities/:assignment.json': proctoringWriters,
  'GET /api/proctoring/screenshots/:action/:index': proctoringWriters,
  'GET /api/proctoring/timelines/:attempt': proctoringWatchers,
  'POST /api/proctoring/timelines/:attempt/reviews': proctoringWatchers,
  'GET /api/proctoring/review-queue': proctoringWatchers,
  'GET /api/proctoring/roster': proctoringWatchers,
  'GET /api/proctoring/analytics/violations': only('analyst', 'proctor', 'teacher', 'manager', 'admin'),
  // The analysts' console and dashboard (contexts/analytics): always the caller's school.
  'POST /api/analytics/query': only('analyst', 'admin', 'manager'),
  'GET /api/analytics/dashboard': only('analyst', 'admin', 'manager'),
  // Recordings and media (docs/media.md): chunk upload and playback are authorised by their signatures
  // (a bad one is 403 on upload, 404 on playback); erasing an attempt's recordings is the school staff's.
  'POST /api/webinar-sessions/:id/upload': publicRoute,
  'GET /api/webinar-records/:id/hls/*': publicRoute,
  'GET /api/media/:id/hls/*': publicRoute,
  'GET /api/media/:id/file': publicRoute,
  // Lasting links of shared library files: the token is the proof (an <img> sends no bearer token).
  'GET /api/media/s/:token': publicRoute,
  'GET /api/media/:id/view': caller,
  'POST /api/webinar-sessions/erase.json': only('admin', 'manager'),
  // The phone's pages (media/external): the student asks for a link to their attempt; the link is the proof.
  'POST /api/webinar-sessions/external-token': only('student'),
  'GET /api/webinar-sessions/external-status.json': only('student'),
  'GET /api/webinar-sessions/external/:token': publicRoute,
  'POST /api/webinar-sessions/external/:token/sessions': publicRoute,
  'POST /api/webinar-sessions/external/:token/lifecycle': publicRoute,
  'GET /api/media-overview.json': caller,
  'GET /api/media-retention.json': only('admin', 'manager'),
  'PUT /api/media-retention.json': only('admin', 'manager'),
  // AI reports (docs/ai-analysis.md): thumbnails for the school's staff, analysis asked for by the
  // assignment's watchers; the routes check the school and the assignment.
  'GET /api/ai-reports/:id/thumbs/:file': proctoringWatchers,
  'POST /api/ai-reports/:id/rerun': proctoringWatchers,
  'POST /api/ai-reports/request.json': proctoringWatchers,
  // Servers and storages (contexts/infrastructure): checks of the school's records and the platform's own.
  'POST /api/webinar-servers/:id/check.json': only('admin', 'manager'),
  'POST /api/storages/:id/check.json': only('admin', 'manager'),
  'GET /api/infrastructure/platform.json': only('admin', 'manager'),
  // Realtime: the socket authenticates with its first frame; channels are authorised per caller.
  'GET /ws': publicRoute,
  'POST /broadcasting/auth': caller,
};

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Enforces the table for every route registered in `scope` (the contexts' plugins): a route without a
 * row fails the start, so no route is ever open by omission. Runs in onRequest, before validation, so an
 * outsider learns nothing from a 422. Routes still read their caller themselves; this decides who gets in.
 */
export function enforceRouteAccess(
  scope: FastifyInstance,
  authenticator: Authenticator,
  table: Record<string, RouteRule> = routeAccessTable,
): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { access?: 'records' } | undefined;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0 || config?.access === 'records') return;
    if (methods.length > 1) throw new Error(`route ${route.url}: declare one method per route`);
    const key = routeKey(methods[0]!, route.url);
    const rule = table[key];
    if (!rule)
      throw new Error(
        `route ${key} has no row in the route access table (services/src/platform/http/route-access.ts)`,
      );
    if (rule.kind === 'public' || rule.kind === 'records') return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard(authenticator, rule), ...existing] as RouteOptions['onRequest'];
  });
}

function guard(authenticator: Authenticator, rule: Exclude<RouteRule, { kind: 'public' | 'records' }>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new UnauthenticatedError();
    if (rule.kind === 'own-token') return;
    const found = await authenticator.verifyAccessToken(token);
    if (!(rule.kind === 'caller' && rule.challenges === 'allowed')) refusePendingChallenges(found);
    if (rule.kind === 'groups' && !rule.groups.includes(found.group)) throw new ForbiddenError();
    request.caller = found;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'records': the route belongs to the record API and follows the record access table. */
    access?: 'records';
  }
}
