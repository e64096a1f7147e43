import { z } from 'zod';
import { instant } from '../instants';
import { defineContract, defineEvent } from '../registry';

/**
 * Notifications (specification 000 §3 "Notification", §7 "NotificationCreated"): one stream per
 * recipient, `notification-<userId>`. A process manager turns other contexts' events into
 * NotificationCreated, one per recipient, under an id derived from the source event and the recipient,
 * so a replay appends nothing. The text is not stored: the web app builds it in the reader's language
 * from `type` and `parameters`.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const at = instant();

export const NOTIFICATION_TYPES = [
  'assignment_given',
  'result_scored',
  'result_reviewed',
  'certificate_issued',
  'proctor_message',
  'proctor_warning',
  'exam_suspended',
  'exam_resumed',
  'exam_stopped',
  'task_finished',
  'student_registered',
  // A teacher's change to the whole assignment, told to each of its students.
  'assignment_suspended',
  'assignment_resumed',
  'assignment_finished',
  'assignment_rescheduled',
  // A personal chat message that reached nobody's open socket (ChatMessageMissed).
  'chat_message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What the text is built from: names, ids for the link, a status; never rendered sentences. */
export const notificationParameters = z.record(
  z.string().max(64),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);
export type NotificationParameters = z.infer<typeof notificationParameters>;

export const NotificationCreated = defineEvent({
  type: 'NotificationCreated',
  version: 1,
  schema: z.object({
    id,
    recipient_id: id,
    school_id: id.nullable(),
    type: z.enum(NOTIFICATION_TYPES),
    parameters: notificationParameters,
    /** The event this notification is about: with the recipient it derives the id. */
    source_event_id: z.string().min(1).max(128),
    created_at: at,
  }),
});
export const NotificationRead = defineEvent({
  type: 'NotificationRead',
  version: 1,
  schema: z.object({ id, recipient_id: id, is_read: z.boolean(), at }),
});
/** Every notification of the recipient appended up to this stream position is read. */
export const NotificationsAllRead = defineEvent({
  type: 'NotificationsAllRead',
  version: 1,
  schema: z.object({ recipient_id: id, up_to: z.int().min(0), at }),
});

export type NotificationCreatedData = z.infer<typeof NotificationCreated.schema>;
export type NotificationReadData = z.infer<typeof NotificationRead.schema>;
export type NotificationsAllReadData = z.infer<typeof NotificationsAllRead.schema>;

export const notificationsContract = defineContract({
  context: 'notifications',
  categories: ['notification'],
  events: [NotificationCreated, NotificationRead, NotificationsAllRead],
});
