import { OAuthApplicationEvents, oauthApplicationSchema } from '@sabaq/events';
import type { Row } from '../../../platform/http/records/collection';
import { defineCollection } from '../../../platform/http/records/define';

/**
 * External OAuth applications users may sign in through (spec 001 §3: id, name, description, app_url,
 * oauth_auth_url, oauth_token_url, redirect_uri, grant_type, client_id). Platform-wide, registered by
 * an admin; the client secret is kept for the token exchange and never answered.
 */
export const oauthApplications = defineCollection({
  context: 'identity',
  name: 'oauth-applications',
  category: 'oauth_application',
  schema: oauthApplicationSchema,
  events: {
    created: OAuthApplicationEvents.created.type,
    updated: OAuthApplicationEvents.updated.type,
    deleted: OAuthApplicationEvents.deleted.type,
  },
  columns: {
    name: 'text',
    description: 'text',
    app_url: 'text',
    oauth_auth_url: 'text',
    oauth_token_url: 'text',
    oauth_userinfo_url: 'text',
    redirect_uri: 'text',
    grant_type: 'text',
    client_id: 'text',
    client_secret: 'text',
    scope: 'text',
    is_active: 'boolean',
  },
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
  // The collection's table has exactly the columns above (the record API creates it from them).
  toEntity: (row: Row) => publicApplication(row as unknown as ApplicationRow),
});

export interface ApplicationRow {
  id: string;
  name: string;
  description: string | null;
  app_url: string | null;
  oauth_auth_url: string;
  oauth_token_url: string;
  oauth_userinfo_url: string | null;
  redirect_uri: string | null;
  grant_type: string;
  client_id: string;
  client_secret: string | null;
  scope: string;
  is_active: boolean;
}

/** What anyone may read (the login modal lists these before sign-in): never the secret. */
export function publicApplication(row: ApplicationRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    app_url: row.app_url ?? null,
    oauth_auth_url: row.oauth_auth_url,
    oauth_token_url: row.oauth_token_url,
    oauth_userinfo_url: row.oauth_userinfo_url ?? null,
    redirect_uri: row.redirect_uri ?? null,
    grant_type: row.grant_type,
    client_id: row.client_id,
    scope: row.scope,
    is_active: row.is_active,
    has_client_secret: typeof row.client_secret === 'string' && row.client_secret.length > 0,
  };
}
