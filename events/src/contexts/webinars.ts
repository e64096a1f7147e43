import { z } from 'zod';
import { instant } from '../instants';
import { defineContract, defineEvent } from '../registry';

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
const at = instant();

export const WEBINAR_STATUSES = ['scheduled', 'finished'] as const;
export type WebinarStatus = (typeof WEBINAR_STATUSES)[number];
/** A mesh carries every stream to every peer: beyond this many in one call, each browser sends too much. */
export const WEBINAR_MAX_PARTICIPANTS = 8;

const fields = {
  name: z.string().trim().min(1, 'Введите название').max(255),
  description: z.string().max(5000).nullable(),
  class_id: id.nullable(),
  webinar_server_id: id.nullable(),
  chat_id: id.nullable(),
  /** `sfu` asks for the server's SFU whatever the headcount; `mesh` lets the headcount decide (docs/webinars.md). */
  type: z.enum(['mesh', 'sfu']),
  /** Who may join beside the owner and the class; at most WEBINAR_MAX_PARTICIPANTS are in the call at once. */
  participants: z.array(id).max(5000),
};

/** What an owner sends on create. */
export const webinarSchema = z.object({
  ...fields,
  description: fields.description.default(null),
  class_id: fields.class_id.default(null),
  webinar_server_id: fields.webinar_server_id.default(null),
  chat_id: fields.chat_id.default(null),
  type: fields.type.default('mesh'),
  participants: fields.participants.default([]),
});
/** What PUT takes: any subset, without defaults (a field not sent is not changed). */
export const webinarChangesSchema = z.strictObject(fields).partial();
export type WebinarInput = z.input<typeof webinarSchema>;
export type WebinarChanges = z.infer<typeof webinarChangesSchema>;

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
  schema: z.object({ id, changes: webinarChangesSchema, at }),
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

export const webinarsContract = defineContract({
  context: 'webinars',
  categories: ['webinar'],
  events: [WebinarCreated, WebinarUpdated, WebinarEnded, WebinarDeleted],
});
