import {
  duringChallenges,
  only,
  ownToken,
  publicRoute,
  signedIn,
  type RouteAccessTable,
} from '../../platform/http/route-access';
import { groups, sameForEveryAction, type AccessTable } from '../../platform/http/records/access';

/** Who may call each of this context's routes that is not a record collection's (route-access.ts). */
export const identityRouteAccess: RouteAccessTable = {
  // Signing in and out.
  'POST /oauth/token': publicRoute,
  'POST /oauth/logout': ownToken,
  'POST /logout.json': ownToken,
  // The caller and their schools.
  'GET /api/user.json': duringChallenges,
  'GET /api/schools.json': signedIn,
  'POST /api/select-school.json': signedIn,
  'PUT /api/user/profile': signedIn,
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
  'POST /api/email/request.json': signedIn,
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
  'POST /api/attach-school.json': signedIn,
  // The certificate a user signs in with through the signing application.
  'POST /api/user/signing-key.json': signedIn,
  'DELETE /api/user/signing-key.json': signedIn,
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
};

/** Who may do what with this context's record collections: collection × action × group → rule. */
export const identityRecordAccess: AccessTable = {
  // Invites into a school (identity): a teacher manages the ones they made, the school's staff all of them.
  'invite-codes': sameForEveryAction(
    groups('none', { admin: 'own-school', manager: 'own-school', teacher: 'own' }),
  ),
};
