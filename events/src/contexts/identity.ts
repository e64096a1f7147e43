import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';
import {
  InviteCodeCreated,
  InviteCodeDeleted,
  InviteCodeReserved,
  InviteCodeUpdated,
  InviteCodeUseReleased,
  InviteCodeUsed,
} from './identity-invites';

export * from './identity-invites';

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
