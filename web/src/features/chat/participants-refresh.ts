import type { ChatDetails, ChatMessage } from './api';

/**
 * The pauses before each read of the participants after a "joined" / "left" line, in ms: about 30 s in
 * all, since a busy server's read model can be seconds behind the pushed line, and a handful of reads
 * per join or leave costs nothing.
 */
export const PARTICIPANTS_REFRESH_PAUSES = [0, 500, 1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * After a "joined" or "left" line the window reads the chat's participants again until they agree with
 * it: the line is pushed from the event log, and the read model the participants come from may not have
 * the change yet. Gives up after the last pause (a later line may have turned it back).
 */
export async function refreshParticipantsUntil(
  line: Pick<ChatMessage, 'user_id' | 'action'>,
  read: () => Promise<Pick<ChatDetails, 'participants'> | undefined>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (const ms of PARTICIPANTS_REFRESH_PAUSES) {
    if (ms > 0) await pause(ms);
    const chat = await read();
    if (!chat) return;
    if (chat.participants.some((p) => p.id === line.user_id) === (line.action === 'joined')) return;
  }
}
