import type { ContextServices } from '../../../platform/context';
import { appendDecided as appendDecidedEvents } from '../../../platform/commands/handle-command';
import type { Caller } from '../../../platform/http/caller';
import { waitForProjections } from '../../../platform/projections/wait-for-projection';
import { AUTHORING_PROJECTION } from '../read-model/projection';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/**
 * Appends the decided events with the version they were decided against, through the platform's one
 * append step (a concurrent edit of the same record is a 409, never a lost update). The decision is
 * taken by the caller, between loading and deciding it looks references up in the read models.
 * `eventId` gives the seed its fixed ids.
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
  const result = await appendDecidedEvents(services.store, stream, lastPosition, events, {
    eventId: (_event, index) => eventId(index),
    metadata: {
      userId: caller.userId,
      occurredAt: services.clock().toISOString(),
      ...(caller.schoolId === null ? {} : { schoolId: caller.schoolId }),
    },
  });
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
