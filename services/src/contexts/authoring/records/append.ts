import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { AUTHORING_PROJECTION } from '../read-model/projection';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/**
 * Appends the decided events with the version they were decided against (a concurrent edit of the
 * same record is a 409, never a lost update). `eventId` gives the seed its fixed ids.
 */
export async function appendDecided(
  services: Services,
  stream: string,
  lastPosition: number,
  events: { type: string; data: unknown }[],
  caller: Pick<Caller, 'userId' | 'schoolId'>,
  eventId: (index: number) => string = () => services.newId(),
): Promise<bigint | undefined> {
  if (events.length === 0) return undefined;
  const occurredAt = services.clock().toISOString();
  const result = await services.store.append(
    stream,
    events.map((event, index) => ({
      id: eventId(index),
      type: event.type,
      data: event.data,
      metadata: {
        userId: caller.userId,
        occurredAt,
        ...(caller.schoolId === null ? {} : { schoolId: caller.schoolId }),
      },
    })),
    { expectedVersion: lastPosition < 0 ? 'no_stream' : lastPosition },
  );
  return result.lastGlobalPosition;
}

/** Read-your-writes: the HTTP answer is read from the read model once it shows the change. */
export async function appendAndShow(
  services: Services,
  stream: string,
  lastPosition: number,
  events: { type: string; data: unknown }[],
  caller: Caller,
): Promise<void> {
  const position = await appendDecided(services, stream, lastPosition, events, caller);
  if (position !== undefined) await waitForProjections(services.db, [AUTHORING_PROJECTION], position);
}
