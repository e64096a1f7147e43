import { streamId } from '@sabaq/events';
import type { ContextServices } from '../../context';
import { waitForProjections } from '../../projections/wait-for-projection';
import type { Caller } from '../caller';
import type { CollectionDefinition } from './collection';
import { decideRecord, evolveRecord, initialRecordState, type RecordCommand } from './decider';

type WriteServices = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/**
 * load → decide → append with the expected version → wait for the collection's projection. A
 * concurrent write to the same record fails the append with 409 instead of being lost.
 */
export async function handleRecordCommand(
  services: WriteServices,
  collection: CollectionDefinition,
  command: RecordCommand,
  caller: Caller,
): Promise<void> {
  const stream = streamId(collection.category, command.id);
  const history = await services.store.readStream(stream);
  const state = history.reduce(
    (current, event) =>
      evolveRecord(
        current,
        { type: event.type, data: event.data as Record<string, unknown> },
        collection.events,
      ),
    initialRecordState,
  );
  const events = decideRecord(command, state, collection.events);
  if (events.length === 0) return;
  const occurredAt = services.clock().toISOString();
  const result = await services.store.append(
    stream,
    events.map((event) => ({
      id: services.newId(),
      type: event.type,
      data: event.data,
      metadata: {
        userId: caller.userId,
        occurredAt,
        ...(collection.schoolScoped && caller.schoolId !== null ? { schoolId: caller.schoolId } : {}),
      },
    })),
    { expectedVersion: history.length === 0 ? 'no_stream' : history[history.length - 1]!.streamPosition },
  );
  await waitForProjections(services.db, [collection.projection], result.lastGlobalPosition);
}
