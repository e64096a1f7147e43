import type { UserRegisteredData } from '@sabaq/events';
import { WrongExpectedVersionError } from '../../platform/errors';
import type { EventStore } from '../../platform/ports/event-store';
import { handleCommand } from '../../platform/commands/handle-command';
import { ConflictError } from '../../platform/errors';
import { normaliseUsername } from './ids';
import { uuidV5 } from '../../platform/ids';
import { reservationOf, userDecider, usernameStream, userStream } from './user-decider';

/**
 * Registers a user: first reserves the username on its own stream with 'no_stream', so of two
 * concurrent registrations exactly one wins, then writes the user's stream. Event ids derive from the
 * user id, so running the same registration again (a retry, a second demo start) appends nothing.
 */
export async function registerUser(store: EventStore, user: UserRegisteredData): Promise<void> {
  const username = normaliseUsername(user.username);
  const reservation = usernameStream(username);
  try {
    await store.append(
      reservation,
      [
        {
          id: uuidV5(`${user.userId}:username-reserved`),
          type: 'UsernameReserved',
          data: { username, userId: user.userId },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    const owner = reservationOf(await store.readStream(reservation));
    if (owner !== user.userId)
      throw new ConflictError('Имя пользователя уже занято', { username: ['Имя пользователя уже занято'] });
  }
  const stream = userStream(user.userId);
  if ((await store.streamVersion(stream)) >= 0) return;
  await handleCommand(
    store,
    stream,
    userDecider,
    { type: 'RegisterUser', data: user },
    { eventId: () => uuidV5(`${user.userId}:registered`), metadata: { userId: user.userId } },
  );
}
