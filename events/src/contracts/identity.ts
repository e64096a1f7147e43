import { z } from 'zod';
import { dateTime } from './answers';

/**
 * The identity context's answers (docs/identity.md): tokens, the signed-in user, their schools,
 * challenges, the signing certificate and OAuth applications. Loose objects: the fields named here are
 * always there with these types; a field added by the server later is passed through, not dropped.
 */

const nullableText = z.string().nullable();

/** `POST /oauth/token` (password, refresh and signature grants) and every other sign-in that ends in tokens. */
export const tokenAnswer = z
  .looseObject({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds the access token lives. */
    expires_in: z.number().int(),
    /** The token the realtime socket authenticates with. */
    ws_access_token: z.string(),
  })
  .meta({ id: 'TokenAnswer', description: 'OAuth 2 bearer tokens of a new or renewed session' });

/** `POST /api/register/submit.json`: the new account's tokens and the username it signs in with. */
export const registrationAnswer = z
  .looseObject({ ...tokenAnswer.shape, username: z.string() })
  .meta({ id: 'RegistrationAnswer', description: 'Tokens of the new account and its username' });

/** The specification's School as the school picker shows it. */
export const schoolSummary = z
  .looseObject({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    logo: nullableText,
    website: nullableText,
    email: nullableText,
    short_description: nullableText,
    call_center_phone: nullableText,
  })
  .meta({ id: 'SchoolSummary', description: 'A school the user belongs to' });

/** The signed-in user (specification 001 §3 "User") for the session's chosen school. */
export const signedInUser = z
  .looseObject({
    id: z.string(),
    /** The session's school; null while a user of several schools has not chosen one. */
    school_id: nullableText,
    group: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    patronymic: nullableText,
    full_name: z.string(),
    email: nullableText,
    phone: nullableText,
    username: z.string(),
    color: nullableText,
    photo: nullableText,
    register_date: dateTime,
    last_activity_date: dateTime,
    is_need_complete_challenge: z.boolean(),
    is_multiple_schools: z.boolean(),
    school: schoolSummary.nullable(),
    /** With `extended=1`: every school of the user. */
    schools: z.array(schoolSummary).optional(),
  })
  .meta({ id: 'SignedInUser', description: 'The signed-in user, as specification 001 §3 names its fields' });

/** `PUT /api/user/profile`: the user after the edit, and which new contacts wait for a code. */
export const profileAnswer = z.looseObject({
  entity: signedInUser,
  verification: z.looseObject({ email: z.boolean(), phone: z.boolean() }),
});

/** `POST /api/password/request-via-code.json`: how the account proves itself (a code by SMS or e-mail, or the full name). */
export const recoveryMethodAnswer = z.looseObject({ verification_type: z.string() });

/** A challenge the user must complete before using the platform (001 §3). */
export const challengeRecord = z
  .looseObject({
    id: z.string(),
    challenge: z.string(),
    is_completed: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({
    id: 'Challenge',
    description: 'A challenge: change_password, sign_privacy_policy or request_personal_data',
  });

/** `POST /api/edoc/create-request-personal-data`: the signing session the document belongs to. */
export const personalDataSessionAnswer = z.looseObject({ session_id: z.string() });

/** The user's registered signing certificate. */
export const signingCertificate = z
  .looseObject({
    fingerprint: z.string(),
    subject: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    registered_at: z.string(),
  })
  .meta({
    id: 'SigningCertificate',
    description: 'The certificate a user signs in and signs documents with',
  });

/** Where the signing application is downloaded from. */
export const signingAppAnswer = z.looseObject({ entity: z.looseObject({ url: z.string() }) });

/** An OAuth application as anyone may read it: never its secret. */
export const oauthApplication = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    description: nullableText,
    app_url: nullableText,
    oauth_auth_url: z.string(),
    oauth_token_url: z.string(),
    oauth_userinfo_url: nullableText,
    redirect_uri: nullableText,
    grant_type: z.string(),
    client_id: z.string(),
    scope: z.string(),
    is_active: z.boolean(),
    has_client_secret: z.boolean(),
  })
  .meta({ id: 'OAuthApplication', description: 'A sign-in provider offered on the login modal' });
