import { hash } from '@node-rs/argon2';
import type { EventStore } from '../../../platform/ports/event-store';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';
import { handleAccount } from '../challenges/account';
import { handleCommand } from '../../../platform/commands/handle-command';
import { sessionDecider, sessionStream } from '../session-decider';
import { userDecider, userStream } from '../user-decider';

interface Deps {
  store: EventStore;
  db: ReadModelDb;
  clock: () => Date;
  newId: () => string;
}

/**
 * Sets a new password, completes a pending change_password challenge and ends every other session of the
 * user: whoever knew the old password (or stole a token) is signed out. `keepSessionId` is the session
 * that changed it, kept when the signed-in user changes their own password; recovery keeps none.
 */
export async function setPassword(
  deps: Deps,
  userId: string,
  newPassword: string,
  keepSessionId: string | null,
): Promise<void> {
  const at = deps.clock().toISOString();
  await handleCommand(
    deps.store,
    userStream(userId),
    userDecider,
    { type: 'ChangePassword', data: { userId, passwordHash: await hash(newPassword), changedAt: at } },
    { eventId: () => deps.newId(), metadata: { userId } },
  );
  await handleAccount(deps, userId, { type: 'CompleteChallenge', userId, challenge: 'change_password', at });
  await endUserSessions(deps, userId, 'password_changed', keepSessionId);
}

/**
 * Ends every open session of a user but `keep`: after a password change, or when the person is
 * deactivated (people context). Their tokens are refused from the next request on, in any process.
 */
export async function endUserSessions(
  deps: Deps,
  userId: string,
  reason: 'password_changed' | 'deactivated',
  keep: string | null = null,
): Promise<void> {
  const at = deps.clock().toISOString();
  // The sessions read model lists a user's sessions; wait until it holds every session started so far.
  await waitForProjections(deps.db, ['identity.sessions'], await deps.store.headPosition());
  const sessions = await withTables<IdentityTables>(deps.db)
    .selectFrom('user_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
  for (const { id } of sessions) {
    if (id === keep) continue;
    await handleCommand(
      deps.store,
      sessionStream(id),
      sessionDecider,
      { type: 'EndSession', data: { sessionId: id, reason, endedAt: at } },
      { eventId: () => deps.newId(), metadata: { userId } },
    );
  }
}
