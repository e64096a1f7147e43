import { uuidV5 } from '../../platform/ids';

export const webinarStream = (webinarId: string) => `webinar-${webinarId}`;

/** An assignment's webinar has an id derived from the assignment: made once however often it is asked for. */
export const assignmentWebinarId = (assignmentId: string) =>
  uuidV5(['assignment-webinar', assignmentId].join('\u001f'));

/** An event's id from the stream version it was decided against and the command: a retry appends nothing. */
export const webinarEventId = (stream: string, version: number, key: string, index: number) =>
  uuidV5(['webinar-event', stream, String(version), key, String(index)].join('\u001f'));
