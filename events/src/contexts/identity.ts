import { z } from 'zod';
import { defineEvent, type ContextContract } from '../registry';

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
    reason: z.enum(['logout', 'refresh_token_reused', 'expired']),
    endedAt: z.iso.datetime(),
  }),
});

export type SchoolRegisteredData = z.infer<typeof SchoolRegistered.schema>;
export type UsernameReservedData = z.infer<typeof UsernameReserved.schema>;
export type UserRegisteredData = z.infer<typeof UserRegistered.schema>;
export type UserJoinedSchoolData = z.infer<typeof UserJoinedSchool.schema>;
export type UserPasswordChangedData = z.infer<typeof UserPasswordChanged.schema>;
export type SessionStartedData = z.infer<typeof SessionStarted.schema>;
export type SessionRefreshedData = z.infer<typeof SessionRefreshed.schema>;
export type SessionSchoolSelectedData = z.infer<typeof SessionSchoolSelected.schema>;
export type SessionEndedData = z.infer<typeof SessionEnded.schema>;
export type UserGroup = (typeof USER_GROUPS)[number];

export const identityContract: ContextContract = {
  context: 'identity',
  categories: ['school', 'user', 'username', 'session'],
  events: [
    SchoolRegistered,
    UsernameReserved,
    UserRegistered,
    UserJoinedSchool,
    UserPasswordChanged,
    SessionStarted,
    SessionRefreshed,
    SessionSchoolSelected,
    SessionEnded,
  ],
};
