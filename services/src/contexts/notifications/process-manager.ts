import type { NotificationCreatedData, StoredEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { AppendBatch } from '../../platform/ports/event-store';
import type { Projection } from '../../platform/projections/projection';
import { notificationId, notificationStream } from './ids';
import { draftsFor, SOURCE_EVENTS } from './sources';

export const NOTIFYING_PROCESS = 'notifications.notifying';

type Services = Pick<ContextServices, 'store' | 'db'>;

/**
 * The process manager that turns other contexts' events into notifications (sources.ts says which
 * and for whom). It runs like a projection, with its own checkpoint advanced in the same transaction
 * as each batch, so a crash replays a little and never skips; instead of writing a table it appends
 * NotificationCreated to each recipient's stream. The id is derived from the source event and the
 * recipient, so a replay, a retried batch or a second process appends nothing new (the store treats
 * an append of stored ids as a retry).
 */
export function notifyingProcess(services: Services): Projection {
  return {
    name: NOTIFYING_PROCESS,
    // Kept at 1 when a source is added: a new version rebuilds from zero, which would tell every
    // student today of each suspension and finish in the log's history.
    version: 1,
    handles: SOURCE_EVENTS,
    async apply(_tx, events) {
      const batches: AppendBatch[] = [];
      for (const event of events) batches.push(...(await batchesFor(services, event)));
      if (batches.length === 0) return;
      const outcomes = await services.store.appendMany(batches);
      // Every batch is one new event under a derived id: a refusal is a bug, so the batch is retried
      // (and logged by the runner) rather than a notification silently lost.
      for (const outcome of outcomes) if ('error' in outcome) throw outcome.error;
    },
    // It keeps no table: a rebuild replays the log, and the derived ids append nothing twice.
    async reset() {},
  };
}

async function batchesFor(services: Services, event: StoredEvent): Promise<AppendBatch[]> {
  const drafts = await draftsFor(services, event);
  return drafts.map((draft) => {
    const data: NotificationCreatedData = {
      id: notificationId(event.id, draft.recipientId),
      recipient_id: draft.recipientId,
      school_id: draft.schoolId,
      type: draft.type,
      parameters: draft.parameters,
      source_event_id: event.id,
      created_at: event.recordedAt.toISOString(),
    };
    return {
      streamId: notificationStream(draft.recipientId),
      events: [
        {
          id: data.id,
          type: 'NotificationCreated',
          data,
          metadata: { schoolId: draft.schoolId ?? undefined, causationId: event.id },
        },
      ],
      expectedVersion: 'any',
    };
  });
}
