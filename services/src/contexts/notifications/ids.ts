import { uuidV5 } from '../../platform/ids';

/** Each recipient's notifications are one stream (events/src/contexts/notifications.ts). */
export const notificationStream = (userId: string) => `notification-${userId}`;

/**
 * One notification per source event and recipient: the id is derived from both, so the process
 * manager replaying the log, or two processes running it, append the same event, which the store
 * recognises as a retry.
 */
export const notificationId = (sourceEventId: string, recipientId: string) =>
  uuidV5(['notification', sourceEventId, recipientId].join('\u001f'));
