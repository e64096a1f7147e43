import { uuidV5 } from '../../platform/ids';

const derive = (...parts: string[]) => uuidV5(['chat', ...parts].join('\u001f'));

export const chatStream = (chatId: string) => `chat-${chatId}`;

/** A class's chat and an assignment's have ids derived from them: made once however often asked for. */
export const classChatId = (classId: string) => derive('class', classId);
export const assignmentChatId = (assignmentId: string) => derive('assignment', assignmentId);
export const webinarChatId = (webinarId: string) => derive('webinar', webinarId);

/** Two people of a school have one personal chat, whoever opens it first. */
export const personalChatId = (schoolId: string, a: string, b: string) =>
  derive('personal', schoolId, ...[a, b].sort());

/**
 * A service message's id, from what it says: the chat's nth "joined" or "left" line about a person
 * (the first keeps the id it had before people could leave and come back).
 */
export const chatMessageId = (chatId: string, action: string, userId: string, occurrence = 0) =>
  occurrence === 0
    ? derive('message', chatId, action, userId)
    : derive('message', chatId, action, userId, String(occurrence));

/** An event's id from the stream version it was decided against and the command: a retry appends nothing. */
export const chatEventId = (stream: string, version: number, key: string, index: number) =>
  derive('event', stream, String(version), key, String(index));
