import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';

/**
 * People: what a school's managers keep about the users identity registered (profile edits, the
 * student's and teacher's settings, deactivation). One stream per person, `person-<userId>`, apart
 * from identity's `user-<userId>`, so editing a profile never conflicts with a password change.
 */
const id = z.string().min(1).max(64);
const optionalText = (max: number) => z.string().trim().max(max).nullable();

/** Every field a manager may edit; a change carries only the fields that changed. */
export const personProfileSchema = z.object({
  firstname: z.string().trim().min(1).max(255),
  lastname: z.string().trim().min(1).max(255),
  patronymic: optionalText(255),
  email: z.email().max(255).nullable(),
  phone: z
    .string()
    .regex(/^\+?[0-9 ()-]{5,32}$/, 'Expected a phone number')
    .nullable(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour such as #1a2b3c')
    .nullable(),
  description: optionalText(2000),
  notify_via_sms: z.boolean(),
  notify_via_email: z.boolean(),
  request_photo_challenge: z.boolean(),
});

export const PersonProfileUpdated = defineEvent({
  type: 'PersonProfileUpdated',
  version: 1,
  schema: z.object({ userId: id, changes: personProfileSchema.partial().strict() }),
});

export const PersonDeactivated = defineEvent({
  type: 'PersonDeactivated',
  version: 1,
  schema: z.object({ userId: id, deactivatedAt: z.iso.datetime() }),
});

export type PersonProfile = z.infer<typeof personProfileSchema>;
export type PersonProfileUpdatedData = z.infer<typeof PersonProfileUpdated.schema>;
export type PersonDeactivatedData = z.infer<typeof PersonDeactivated.schema>;

export const peopleContract = defineContract({
  context: 'people',
  categories: ['person'],
  events: [PersonProfileUpdated, PersonDeactivated],
});
