import type { ChallengeType } from '@sabaq/events';
import type { EventStore } from '../../../platform/ports/event-store';
import { handleCommand } from '../../../platform/commands/handle-command';
import { loadState } from '../../../platform/commands/decider';
import { uuidV5 } from '../../../platform/ids';
import { accountDecider, accountStream, type AccountCommand, type AccountState } from './account-decider';

interface Deps {
  store: EventStore;
  newId: () => string;
}

export async function accountOf(store: EventStore, userId: string): Promise<AccountState> {
  return (await loadState(store, accountStream(userId), accountDecider)).state;
}

export async function handleAccount(deps: Deps, userId: string, command: AccountCommand): Promise<void> {
  await handleCommand(deps.store, accountStream(userId), accountDecider, command, {
    eventId: () => deps.newId(),
    metadata: { userId },
  });
}

/**
 * Gives a user a challenge to complete before anything else. Used by the admin call and the demo seed;
 * `seedKey` derives the ids, so seeding twice assigns nothing new.
 */
export async function assignChallenge(
  deps: Deps & { clock: () => Date },
  userId: string,
  challenge: ChallengeType,
  assignedBy: string | null,
  seedKey?: string,
): Promise<void> {
  const challengeId = seedKey ? uuidV5(`${seedKey}:challenge`) : deps.newId();
  const stream = accountStream(userId);
  await handleCommand(
    deps.store,
    stream,
    accountDecider,
    {
      type: 'AssignChallenge',
      data: { challengeId, userId, challenge, assignedBy, assignedAt: deps.clock().toISOString() },
    },
    { eventId: () => (seedKey ? uuidV5(`${seedKey}:assigned`) : deps.newId()), metadata: { userId } },
  );
}
