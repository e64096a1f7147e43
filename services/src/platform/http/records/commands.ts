import { streamId } from '@sabaq/events';
import type { ContextServices } from '../../context';
import type { Decider } from '../../commands/decider';
import { handleCommand } from '../../commands/handle-command';
import type { Caller } from '../caller';
import type { CollectionDefinition } from './collection';
import {
  decideRecord,
  evolveRecord,
  initialRecordState,
  type RecordCommand,
  type RecordEvent,
  type RecordState,
} from './decider';

type WriteServices = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/**
 * Through the platform's command handler, then wait for the collection's projection. A concurrent
 * write to the same record fails the append with 409 instead of being lost.
 */
export async function handleRecordCommand(
  services: WriteServices,
  collection: CollectionDefinition,
  command: RecordCommand,
  caller: Caller,
): Promise<void> {
  const occurredAt = services.clock().toISOString();
  await handleCommand(
    services.store,
    streamId(collection.category, command.id),
    recordDecider(collection),
    command,
    {
      eventId: () => services.newId(),
      metadata: {
        userId: caller.userId,
        occurredAt,
        ...(collection.schoolScoped && caller.schoolId !== null ? { schoolId: caller.schoolId } : {}),
      },
      waitFor: { db: services.db, projections: [collection.projection] },
    },
  );
}

function recordDecider(collection: CollectionDefinition): Decider<RecordCommand, RecordEvent, RecordState> {
  return {
    initialState: initialRecordState,
    evolve: (state, event) =>
      evolveRecord(
        state,
        { type: event.type, data: event.data as Record<string, unknown> },
        collection.events,
      ),
    decide: (command, state) => decideRecord(command, state, collection.events),
  };
}
