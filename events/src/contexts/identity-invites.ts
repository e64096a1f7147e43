import { z } from 'zod';
import { freeJsonObject, freeJsonValue } from '../free-json';
import { isInstantInRange } from '../instants';
import { defineEvent } from '../registry';
import { changesOf } from './reference';

const id = z.string().min(1).max(64);

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

export type InviteCodeFields = z.infer<typeof inviteCodeSchema>;
export type InviteCodeCreatedData = z.infer<typeof InviteCodeCreated.schema>;
export type InviteCodeUpdatedData = z.infer<typeof InviteCodeUpdated.schema>;
export type InviteCodeDeletedData = z.infer<typeof InviteCodeDeleted.schema>;
export type InviteCodeReservedData = z.infer<typeof InviteCodeReserved.schema>;
export type InviteCodeUsedData = z.infer<typeof InviteCodeUsed.schema>;
export type InviteCodeUseReleasedData = z.infer<typeof InviteCodeUseReleased.schema>;
export type InviteGroup = (typeof INVITE_GROUPS)[number];
