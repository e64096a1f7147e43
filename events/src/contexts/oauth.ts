import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';
import { recordEventsWithSecrets } from './infrastructure';

/**
 * Sign-in through an external OAuth application (identity context, docs/identity.md): the applications
 * an admin registers, each browser's sign-in attempt (`oauth_state-<uuid of the state>`), the one-time
 * code the browser exchanges for tokens (`oauth_handoff-<uuid of the code>`) and the link between a
 * provider's account and ours (`oauth_link-<uuid of application and subject>`, appended with
 * `no_stream`, so one external account names one user for good).
 */
const text = (max: number) => z.string().trim().min(1, 'Поле обязательно').max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const url = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s/?#]+(?::\d{1,5})?(\/[^\s]*)?$/i, 'Адрес вида https://host[:port][/path]');

export const oauthApplicationSchema = z.object({
  name: text(200),
  description: optionalText(2000),
  /** The application's own site, shown beside its name. */
  app_url: url.nullable().default(null),
  oauth_auth_url: url,
  oauth_token_url: url,
  /** Ours: where the user's identity is read; without it the token answer's id_token is read. */
  oauth_userinfo_url: url.nullable().default(null),
  /** Where the provider sends the browser back; null: this server's callback for the application. */
  redirect_uri: url.nullable().default(null),
  grant_type: z
    .literal('authorization_code', 'Поддерживается только authorization_code')
    .default('authorization_code'),
  client_id: text(500),
  /** Write-only: sent to the token endpoint, never answered. */
  client_secret: optionalText(1000),
  scope: z.string().trim().max(500).default('openid email profile'),
  is_active: z.boolean().default(true),
});

export const OAuthApplicationEvents = recordEventsWithSecrets('OAuthApplication', oauthApplicationSchema, [
  'client_secret',
]);

const ref = z.string().min(1).max(64);
const at = z.string();

export const OAuthSignInStarted = defineEvent({
  type: 'OAuthSignInStarted',
  version: 1,
  schema: z.object({
    applicationId: ref,
    /** SHA-256 of the browser's cookie: the callback must come back to the browser that started. */
    browserHash: z.string().length(64),
    returnUrl: z.string().max(2000).nullable(),
    redirectUri: z.string().max(2000),
    startedAt: at,
    expiresAt: at,
  }),
});
export const OAuthSignInFinished = defineEvent({
  type: 'OAuthSignInFinished',
  version: 1,
  schema: z.object({
    applicationId: ref,
    outcome: z.enum(['signed_in', 'refused']),
    userId: ref.nullable(),
    reason: z.string().max(500).nullable(),
    finishedAt: at,
  }),
});
export const OAuthHandoffIssued = defineEvent({
  type: 'OAuthHandoffIssued',
  version: 1,
  schema: z.object({
    applicationId: ref,
    userId: ref,
    /** The code is redeemed only with the cookie of the browser that started the sign-in. */
    browserHash: z.string().length(64),
    issuedAt: at,
    expiresAt: at,
  }),
});
export const OAuthHandoffUsed = defineEvent({
  type: 'OAuthHandoffUsed',
  version: 1,
  schema: z.object({ userId: ref, usedAt: at }),
});
export const ExternalIdentityLinked = defineEvent({
  type: 'ExternalIdentityLinked',
  version: 1,
  schema: z.object({
    applicationId: ref,
    subject: z.string().min(1).max(500),
    userId: ref,
    /** How the account was first matched. */
    matchedBy: z.enum(['email']),
    email: z.string().max(320).nullable(),
    linkedAt: at,
  }),
});

export const oauthContract = defineContract({
  context: 'identity',
  categories: ['oauth_application', 'oauth_state', 'oauth_handoff', 'oauth_link'],
  events: [
    OAuthApplicationEvents.created,
    OAuthApplicationEvents.updated,
    OAuthApplicationEvents.deleted,
    OAuthSignInStarted,
    OAuthSignInFinished,
    OAuthHandoffIssued,
    OAuthHandoffUsed,
    ExternalIdentityLinked,
  ],
});
