import { z } from 'zod';
import { defineEvent, type ContextContract } from '../registry';

/**
 * Webinars (specification 001 §3 "Webinar"): one stream per webinar, `webinar-<id>`. A webinar is a
 * small video meeting of a class (a peer-to-peer mesh signalled over the realtime socket); an
 * assignment with is_webinar gets one under an id derived from the assignment. Who takes part is
 * `participants` (user ids) plus the owner, who moderates and may end it.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const at = z.iso.datetime({ offset: true });

export const WEBINAR_STATUSES = ['scheduled', 'finished'] as const;
export type WebinarStatus = (typeof WEBINAR_STATUSES)[number];
/** A mesh carries every stream to every peer: beyond this many, each browser sends too much. */
export const WEBINAR_MAX_PARTICIPANTS = 8;

/** What an owner sends on create; PUT takes any subset. */
export const webinarSchema = z.object({
  name: z.string().trim().min(1, 'Введите название').max(255),
  description: z.string().max(5000).nullable().default(null),
  class_id: id.nullable().default(null),
  webinar_server_id: id.nullable().default(null),
  chat_id: id.nullable().default(null),
  type: z.enum(['mesh']).default('mesh'),
  participants: z
    .array(id)
    .max(WEBINAR_MAX_PARTICIPANTS - 1, `Не больше ${WEBINAR_MAX_PARTICIPANTS - 1} участников`)
    .default([]),
});
export type WebinarInput = z.input<typeof webinarSchema>;

export const WebinarCreated = defineEvent({
  type: 'WebinarCreated',
  version: 1,
  schema: webinarSchema.extend({
    id,
    owner_id: id,
    school_id: id.nullable(),
    /** The assignment this webinar belongs to (is_webinar); null for a webinar made on its own. */
    assignment_id: id.nullable(),
    created_at: at,
  }),
});
export const WebinarUpdated = defineEvent({
  type: 'WebinarUpdated',
  version: 1,
  schema: z.object({ id, changes: webinarSchema.partial(), at }),
});
export const WebinarEnded = defineEvent({
  type: 'WebinarEnded',
  version: 1,
  schema: z.object({ id, by: id, at }),
});
export const WebinarDeleted = defineEvent({
  type: 'WebinarDeleted',
  version: 1,
  schema: z.object({ id, at }),
});

export type WebinarCreatedData = z.infer<typeof WebinarCreated.schema>;
export type WebinarUpdatedData = z.infer<typeof WebinarUpdated.schema>;
export type WebinarEndedData = z.infer<typeof WebinarEnded.schema>;

export const webinarsContract: ContextContract = {
  context: 'webinars',
  categories: ['webinar'],
  events: [WebinarCreated, WebinarUpdated, WebinarEnded, WebinarDeleted],
};
