import type { Migration } from 'kysely';
import type { Projection } from '../../platform/projections/projection';
import type { BoundedContext } from '../../platform/context';
import { IdentityAuth } from './auth-service';
import { challengesProjection } from './challenges/projection';
import { challengeMigrations } from './challenges/table';
import { directoryProjection } from './directory/projection';
import { directoryMigrations } from './directory/table';
import { invitesProjection } from './invites/projection';
import { inviteMigrations } from './invites/table';
import { identityRoutes } from './routes';
import { seedDemo } from './seed';
import { sessionsProjection } from './sessions/projection';
import { sessionMigrations } from './sessions/table';
import { signingKeyMigrations } from './tokens';
import { identityRealtime } from './realtime/logout-pushes';
import { oauthApplications } from './oauth/collection';
import { oauthRoutes } from './oauth/routes';
import { signingAppRoute } from './signature/signing-app';
import { identityRouteAccess, identityRecordAccess } from './access-rules';

/** Schools, users, sign-in sessions; provides the authenticator every other context's routes use. */
export const identityContext: BoundedContext = {
  name: 'identity',
  routeAccess: identityRouteAccess,
  recordAccess: identityRecordAccess,
  migrations: {
    ...directoryMigrations,
    ...sessionMigrations,
    ...signingKeyMigrations,
    ...challengeMigrations,
    ...inviteMigrations,
    '1210_identity_oauth_applications': oauthApplications.migration,
  } as Record<string, Migration>,
  projections: [
    directoryProjection,
    sessionsProjection,
    challengesProjection,
    invitesProjection,
    oauthApplications.projection,
  ] as Projection[],
  routes: async (app, services) => {
    await identityRoutes(app, services);
    const auth =
      services.authenticator instanceof IdentityAuth ? services.authenticator : new IdentityAuth(services);
    await oauthRoutes(app, services, auth);
    await signingAppRoute(app);
  },
  authenticator: (services) => new IdentityAuth(services),
  seed: seedDemo,
  realtime: () => identityRealtime,
};
