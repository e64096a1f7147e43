import type { ContextServices } from '../../platform/context';
import { handleCommand } from '../../platform/commands/handle-command';
import { chatWriterOf } from './chat-writer';
import { chatDecider, type ChatCommand, type ChatState } from './decider';
import { chatEventId, chatStream } from './ids';
import { CHAT_PROJECTION } from './read-model/tables';

type Services = Pick<ContextServices, 'store' | 'db'>;

/** A command's key for its event ids: a post is keyed by its message, so posting it twice appends once. */
const keyOf = (command: ChatCommand): string => {
  switch (command.type) {
    case 'Post':
      return `post:${command.message.id}`;
    case 'Edit':
    case 'Delete':
      return `${command.type}:${command.messageId}:${command.at}`;
    case 'Mute':
      return `mute:${command.userId}:${String(command.muted)}`;
    case 'Read':
      return `read:${command.userId}:${command.messageId}`;
    default:
      return command.type;
  }
};

/**
 * Through the platform's command handler. Every chat command means the same whatever else was posted
 * meanwhile, so a lost race on a busy chat is decided again (with a short, growing pause) rather than
 * answered 409. The read model is waited for unless told otherwise (a background process).
 */
export async function runChatCommand(
  services: Services,
  chatId: string,
  command: ChatCommand,
  metadata: { userId: string; schoolId: string | null },
  options: { wait?: boolean } = {},
): Promise<ChatState> {
  const stream = chatStream(chatId);
  const key = keyOf(command);
  const meta = { userId: metadata.userId, ...(metadata.schoolId ? { schoolId: metadata.schoolId } : {}) };
  // Posts, the busy part, are written per chat in rounds (chat-writer.ts).
  if (command.type === 'Post')
    return chatWriterOf(services).post(chatId, command, key, meta, options.wait !== false);
  const { state } = await handleCommand(services.store, stream, chatDecider, command, {
    eventId: (_event, index, version) => chatEventId(stream, version, key, index),
    metadata: meta,
    attempts: 8,
    pauseAfterConflict: (conflicts) => Math.min(5 * conflicts, 50) + Math.floor(Math.random() * 10),
    ...(options.wait === false
      ? {}
      : { waitFor: { db: services.db, projections: [CHAT_PROJECTION], whenNothingDecided: true } }),
  });
  return state;
}
