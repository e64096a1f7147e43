import { z } from 'zod';
import { isInstantInRange } from '../instants';
import { freeJsonObject, freeJsonValue } from '../free-json';
import { defineContract, defineEvent } from '../registry';
import { changesOf } from './reference';

/**
 * Identity: schools, users and their sign-in sessions. Streams: `school-<id>`, `user-<id>`,
 * `session-<id>`, and `username-<lowercased>`, a reservation stream appended with expectedVersion
 * 'no_stream' so that two registrations of one username can never both succeed.
 */
export const USER_GROUPS = ['admin', 'manager', 'teacher', 'student', 'proctor', 'analyst'] as const;

const id = z.string().min(1).max(64);
const optionalText = (max: number) => z.string().max(max).nullable().default(null);

export const SchoolRegistered = defineEvent({
  type: 'SchoolRegistered',
  version: 1,
  schema: z.object({
    schoolId: id,
    type: z.string().min(1).max(32),
    name: z.string().min(1).max(255),
    logo: optionalText(1000),
    website: optionalText(1000),
    email: optionalText(255),
    shortDescription: optionalText(2000),
    callCenterPhone: optionalText(32),
  }),
});

export const UsernameReserved = defineEvent({
  type: 'UsernameReserved',
  version: 1,
  schema: z.object({ username: z.string().min(1).max(255), userId: id }),
});

export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  version: 1,
  schema: z.object({
    userId: id,
    username: z.string().min(1).max(255),
    group: z.enum(USER_GROUPS),
    schoolIds: z.array(id).min(1),
    firstname: z.string().min(1).max(255),
    lastname: z.string().min(1).max(255),
    patronymic: optionalText(255),
    email: optionalText(255),
    phone: optionalText(32),
    color: optionalText(16),
    photo: optionalText(1000),
    /** An argon2id hash; never the password, and never put into any answer or read model. */
    passwordHash: z.string().min(1),
    registeredAt: z.iso.datetime(),
  }),
  redact: ['passwordHash'],
});

export const UserJoinedSchool = defineEvent({
  type: 'UserJoinedSchool',
  version: 1,
  schema: z.object({ userId: id, schoolId: id }),
});

export const UserPasswordChanged = defineEvent({
  type: 'UserPasswordChanged',
  version: 1,
  schema: z.object({ userId: id, passwordHash: z.string().min(1), changedAt: z.iso.datetime() }),
  redact: ['passwordHash'],
});

/**
 * The user edited their own profile (PUT /api/user/profile). Only the fields that changed; a new e-mail
 * or phone is no longer the confirmed one on `account-<id>` (confirmations name the value they proved).
 * Never the group, school, username or password: those have their own events and callers.
 */
export const userProfileChangesSchema = z
  .object({
    firstname: z.string().trim().min(1).max(255),
    lastname: z.string().trim().min(1).max(255),
    patronymic: z.string().trim().max(255).nullable(),
    email: z.email().max(255).nullable(),
    phone: z.string().max(32).nullable(),
    /** A media library file's URL (the avatar), or null for the initials. */
    photo: z.string().max(1000).nullable(),
  })
  .partial()
  .strict();

export const UserProfileEdited = defineEvent({
  type: 'UserProfileEdited',
  version: 1,
  schema: z.object({ userId: id, changes: userProfileChangesSchema, editedAt: z.iso.datetime() }),
});

export const SessionStarted = defineEvent({
  type: 'SessionStarted',
  version: 1,
  schema: z.object({
    sessionId: id,
    userId: id,
    schoolId: id.nullable(),
    /** SHA-256 of the refresh token: the token itself is only ever held by the client. */
    refreshTokenHash: z.string().length(64),
    refreshExpiresAt: z.iso.datetime(),
    startedAt: z.iso.datetime(),
  }),
  redact: ['refreshTokenHash'],
});

export const SessionRefreshed = defineEvent({
  type: 'SessionRefreshed',
  version: 1,
  schema: z.object({
    sessionId: id,
    refreshTokenHash: z.string().length(64),
    refreshExpiresAt: z.iso.datetime(),
    refreshedAt: z.iso.datetime(),
  }),
  redact: ['refreshTokenHash'],
});

export const SessionSchoolSelected = defineEvent({
  type: 'SessionSchoolSelected',
  version: 1,
  schema: z.object({ sessionId: id, schoolId: id, selectedAt: z.iso.datetime() }),
});

export const SessionEnded = defineEvent({
  type: 'SessionEnded',
  version: 1,
  schema: z.object({
    sessionId: id,
    /** Whose session: realtime pushes LogoutAction to this user's channel. */
    userId: id,
    /** refresh_token_reused: a rotated refresh token came back, so the token may have been stolen. */
    /** password_changed: a new password ends every other session of the user (added with recovery). */
    reason: z.enum(['logout', 'refresh_token_reused', 'expired', 'password_changed', 'deactivated']),
    endedAt: z.iso.datetime(),
  }),
});

export const VERIFICATION_PURPOSES = ['phone', 'email', 'password', 'personal_data'] as const;
export const CHALLENGE_TYPES = ['change_password', 'sign_privacy_policy', 'request_personal_data'] as const;

/**
 * A one-time code sent by SMS or e-mail. Stream `verification-<key>`: one stream per purpose and subject
 * (a phone, or a user), so the resend pause and the attempt limit hold for that subject.
 */
export const VerificationCodeIssued = defineEvent({
  type: 'VerificationCodeIssued',
  version: 1,
  schema: z.object({
    codeId: id,
    purpose: z.enum(VERIFICATION_PURPOSES),
    /** The phone (digits only) or e-mail the code was sent to. */
    recipient: z.string().min(1).max(255),
    userId: id.nullable(),
    /** SHA-256 of the code salted with codeId: the code itself is only ever sent to the recipient. */
    codeHash: z.string().length(64),
    expiresAt: z.iso.datetime(),
    issuedAt: z.iso.datetime(),
  }),
  redact: ['codeHash'],
});

export const VerificationCodeRejected = defineEvent({
  type: 'VerificationCodeRejected',
  version: 1,
  schema: z.object({ codeId: id, rejectedAt: z.iso.datetime() }),
});

export const VerificationCodeConfirmed = defineEvent({
  type: 'VerificationCodeConfirmed',
  version: 1,
  schema: z.object({ codeId: id, confirmedAt: z.iso.datetime() }),
});

/** A confirmed code spent on the action it was for (a new password, a personal-data request). */
export const VerificationCodeUsed = defineEvent({
  type: 'VerificationCodeUsed',
  version: 1,
  schema: z.object({ codeId: id, usedAt: z.iso.datetime() }),
});

/** Stream `account-<userId>`: what the user must still do and which contacts are proven theirs. */
export const ChallengeAssigned = defineEvent({
  type: 'ChallengeAssigned',
  version: 1,
  schema: z.object({
    challengeId: id,
    userId: id,
    challenge: z.enum(CHALLENGE_TYPES),
    /** Who asked for it: an admin or manager, or null for the demo seed. */
    assignedBy: id.nullable(),
    assignedAt: z.iso.datetime(),
  }),
});

export const ChallengeCompleted = defineEvent({
  type: 'ChallengeCompleted',
  version: 1,
  schema: z.object({
    challengeId: id,
    userId: id,
    challenge: z.enum(CHALLENGE_TYPES),
    completedAt: z.iso.datetime(),
  }),
});

export const PrivacyPolicySigned = defineEvent({
  type: 'PrivacyPolicySigned',
  version: 1,
  schema: z.object({
    userId: id,
    document: z.string().min(1).max(100_000),
    /** Base64 of the signed document as the signing application returned it; not yet verified. */
    signature: z.string().min(1).max(100_000),
    signedAt: z.iso.datetime(),
  }),
});

export const PersonalDataRequestConfirmed = defineEvent({
  type: 'PersonalDataRequestConfirmed',
  version: 1,
  schema: z.object({
    userId: id,
    sessionId: id,
    phone: z.string().min(1).max(32),
    confirmedAt: z.iso.datetime(),
  }),
});

export const PhoneConfirmed = defineEvent({
  type: 'PhoneConfirmed',
  version: 1,
  schema: z.object({ userId: id, phone: z.string().min(1).max(32), confirmedAt: z.iso.datetime() }),
});

export const EmailConfirmed = defineEvent({
  type: 'EmailConfirmed',
  version: 1,
  schema: z.object({ userId: id, email: z.string().min(1).max(255), confirmedAt: z.iso.datetime() }),
});

/**
 * Invite codes: a school's way in. The record lives on `invite-<id>` (created, edited, deleted like any
 * record, plus its uses); the code itself is reserved on `invitecode-<key>` with 'no_stream', so two
 * invites can never share a code. Field names are the specification's (snake_case, as the record API
 * answers them).
 */
export const INVITE_GROUPS = ['student', 'teacher', 'proctor'] as const;
export const INVITE_RECIPIENT_TYPES = ['email', 'phone'] as const;
const nullableText = (max: number) => z.string().trim().max(max).nullable().default(null);
const ids = z.array(id).max(1000).default([]);

export const inviteRecipientSchema = z.object({
  type: z.enum(INVITE_RECIPIENT_TYPES).default('email'),
  recipient: z.string().trim().min(1).max(255),
  name: nullableText(255),
});

/** The fields a teacher or manager sets; the code, the school and the uses are the platform's. */
export const inviteCodeSchema = z.object({
  type: z.string().trim().min(1).max(32).default('school'),
  name: z.string().trim().min(1).max(255),
  description: nullableText(2000),
  product_id: id.nullable().default(null),
  /** The group a user registered with this code gets; fixed once the invite exists. */
  group: z.enum(INVITE_GROUPS).default('student'),
  settings: freeJsonObject().default({}),
  /** How many times the code may be used; 0 means without limit. */
  limits: z.number().int().min(0).max(1_000_000).default(0),
  is_revoked: z.boolean().default(false),
  /** Seconds from creation to expiry, as given; expired_at is what is checked. */
  expires_in: z
    .number()
    .int()
    .min(1)
    .max(10 * 365 * 24 * 3600)
    .nullable()
    .default(null),
  expired_at: z.iso
    .datetime()
    .refine(isInstantInRange, 'Дата вне диапазона 1900–2299 годов')
    .nullable()
    .default(null),
  form_enabled: z.boolean().default(false),
  form_url: nullableText(1000),
  form_name: nullableText(255),
  form_description: nullableText(2000),
  form_data: freeJsonValue().nullable().default(null),
  form_logo: nullableText(1000),
  removed_users: ids,
  assignments: ids,
  courses: ids,
  classgroups: ids,
  recipients: z.array(inviteRecipientSchema).max(1000).default([]),
});

export const InviteCodeCreated = defineEvent({
  type: 'InviteCodeCreated',
  version: 1,
  schema: inviteCodeSchema.extend({
    id,
    /** As shown to people, e.g. 'K7PM-W3QX'; compared without case, spaces or hyphens. */
    code: z.string().min(4).max(64),
    school_id: id,
    owner_id: id.nullable(),
  }),
});

export const InviteCodeUpdated = defineEvent({
  type: 'InviteCodeUpdated',
  version: 1,
  schema: z.object({ id, changes: changesOf(inviteCodeSchema.omit({ group: true })) }),
});

export const InviteCodeDeleted = defineEvent({
  type: 'InviteCodeDeleted',
  version: 1,
  schema: z.object({ id }),
});

export const InviteCodeReserved = defineEvent({
  type: 'InviteCodeReserved',
  version: 1,
  schema: z.object({ code: z.string().min(4).max(64), inviteCodeId: id }),
});

/** One use: a registration, or a signed-in user joining the school. One per user and invite. */
export const InviteCodeUsed = defineEvent({
  type: 'InviteCodeUsed',
  version: 1,
  schema: z.object({
    inviteCodeId: id,
    userId: id,
    purpose: z.enum(['register', 'attach_school']),
    /** The new user's e-mail (lower case) and phone (digits): personal recipients they match are activated. */
    contacts: z.array(z.string().max(255)).max(2).default([]),
    usedAt: z.iso.datetime(),
  }),
});

/** A use given back: the registration it was taken for failed after taking it. */
export const InviteCodeUseReleased = defineEvent({
  type: 'InviteCodeUseReleased',
  version: 1,
  schema: z.object({ inviteCodeId: id, userId: id, releasedAt: z.iso.datetime() }),
});

/**
 * The certificate a user signs in with (the digital-signature grant). `signer-<userId>` holds the
 * user's current certificate; `sigcert-<fingerprint>` says whose it is, so one certificate names one
 * user; `signonce-<key>` is appended with 'no_stream' once per signed document, so a replay is refused.
 */
const fingerprint = z.string().regex(/^[0-9a-f]{64}$/);

export const SignatureCertificateRegistered = defineEvent({
  type: 'SignatureCertificateRegistered',
  version: 1,
  schema: z.object({
    userId: id,
    /** SHA-256 of the certificate's DER, lowercase hex. */
    fingerprint,
    certificate: z.string().min(1).max(20_000),
    subject: z.string().max(2000),
    validFrom: z.iso.datetime(),
    validTo: z.iso.datetime(),
    registeredAt: z.iso.datetime(),
  }),
});

export const SignatureCertificateRemoved = defineEvent({
  type: 'SignatureCertificateRemoved',
  version: 1,
  schema: z.object({ userId: id, fingerprint, removedAt: z.iso.datetime() }),
});

export const SignatureCertificateClaimed = defineEvent({
  type: 'SignatureCertificateClaimed',
  version: 1,
  schema: z.object({ fingerprint, userId: id, claimedAt: z.iso.datetime() }),
});

export const SignatureCertificateReleased = defineEvent({
  type: 'SignatureCertificateReleased',
  version: 1,
  schema: z.object({ fingerprint, userId: id, releasedAt: z.iso.datetime() }),
});

export const SignatureNonceUsed = defineEvent({
  type: 'SignatureNonceUsed',
  version: 1,
  schema: z.object({
    userId: id,
    fingerprint,
    nonce: z.string().min(1).max(128),
    signedAt: z.iso.datetime(),
    usedAt: z.iso.datetime(),
  }),
});

export type SchoolRegisteredData = z.infer<typeof SchoolRegistered.schema>;
export type UsernameReservedData = z.infer<typeof UsernameReserved.schema>;
export type UserRegisteredData = z.infer<typeof UserRegistered.schema>;
export type UserJoinedSchoolData = z.infer<typeof UserJoinedSchool.schema>;
export type UserPasswordChangedData = z.infer<typeof UserPasswordChanged.schema>;
export type UserProfileEditedData = z.infer<typeof UserProfileEdited.schema>;
export type UserProfileChanges = z.infer<typeof userProfileChangesSchema>;
export type SessionStartedData = z.infer<typeof SessionStarted.schema>;
export type SessionRefreshedData = z.infer<typeof SessionRefreshed.schema>;
export type SessionSchoolSelectedData = z.infer<typeof SessionSchoolSelected.schema>;
export type SessionEndedData = z.infer<typeof SessionEnded.schema>;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];
export type VerificationCodeIssuedData = z.infer<typeof VerificationCodeIssued.schema>;
export type VerificationCodeRejectedData = z.infer<typeof VerificationCodeRejected.schema>;
export type VerificationCodeConfirmedData = z.infer<typeof VerificationCodeConfirmed.schema>;
export type VerificationCodeUsedData = z.infer<typeof VerificationCodeUsed.schema>;
export type ChallengeAssignedData = z.infer<typeof ChallengeAssigned.schema>;
export type ChallengeCompletedData = z.infer<typeof ChallengeCompleted.schema>;
export type PrivacyPolicySignedData = z.infer<typeof PrivacyPolicySigned.schema>;
export type PersonalDataRequestConfirmedData = z.infer<typeof PersonalDataRequestConfirmed.schema>;
export type PhoneConfirmedData = z.infer<typeof PhoneConfirmed.schema>;
export type EmailConfirmedData = z.infer<typeof EmailConfirmed.schema>;
export type InviteCodeFields = z.infer<typeof inviteCodeSchema>;
export type InviteCodeCreatedData = z.infer<typeof InviteCodeCreated.schema>;
export type InviteCodeUpdatedData = z.infer<typeof InviteCodeUpdated.schema>;
export type InviteCodeDeletedData = z.infer<typeof InviteCodeDeleted.schema>;
export type InviteCodeReservedData = z.infer<typeof InviteCodeReserved.schema>;
export type InviteCodeUsedData = z.infer<typeof InviteCodeUsed.schema>;
export type InviteCodeUseReleasedData = z.infer<typeof InviteCodeUseReleased.schema>;
export type InviteGroup = (typeof INVITE_GROUPS)[number];
export type SignatureCertificateRegisteredData = z.infer<typeof SignatureCertificateRegistered.schema>;
export type SignatureCertificateRemovedData = z.infer<typeof SignatureCertificateRemoved.schema>;
export type SignatureCertificateClaimedData = z.infer<typeof SignatureCertificateClaimed.schema>;
export type SignatureCertificateReleasedData = z.infer<typeof SignatureCertificateReleased.schema>;
export type SignatureNonceUsedData = z.infer<typeof SignatureNonceUsed.schema>;
export type UserGroup = (typeof USER_GROUPS)[number];

export const identityContract = defineContract({
  context: 'identity',
  categories: [
    'school',
    'user',
    'username',
    'session',
    'verification',
    'account',
    'invite',
    'invitecode',
    'signer',
    'sigcert',
    'signonce',
  ],
  events: [
    SchoolRegistered,
    UsernameReserved,
    UserRegistered,
    UserJoinedSchool,
    UserPasswordChanged,
    UserProfileEdited,
    SessionStarted,
    SessionRefreshed,
    SessionSchoolSelected,
    SessionEnded,
    VerificationCodeIssued,
    VerificationCodeRejected,
    VerificationCodeConfirmed,
    VerificationCodeUsed,
    ChallengeAssigned,
    ChallengeCompleted,
    PrivacyPolicySigned,
    PersonalDataRequestConfirmed,
    PhoneConfirmed,
    EmailConfirmed,
    InviteCodeCreated,
    InviteCodeUpdated,
    InviteCodeDeleted,
    InviteCodeReserved,
    InviteCodeUsed,
    InviteCodeUseReleased,
    SignatureCertificateRegistered,
    SignatureCertificateRemoved,
    SignatureCertificateClaimed,
    SignatureCertificateReleased,
    SignatureNonceUsed,
  ],
});
