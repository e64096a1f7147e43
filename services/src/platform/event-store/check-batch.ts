import type { EventRegistry, NewEvent } from '@sabaq/events';
import { ValidationError } from '../errors';

const MAX_ID_LENGTH = 128;
const MAX_BATCH = 10_000;

/**
 * The checks every adapter makes before it writes: a sane stream id, ids present and unique within the
 * batch, and each event valid against its contract (the registry throws typed errors). Nothing is
 * written when any of them fails.
 */
export function checkBatch(registry: EventRegistry, streamId: string, events: NewEvent[]): NewEvent[] {
  if (!/^[a-z][a-z0-9_]*-[A-Za-z0-9_.:@-]{1,200}$/.test(streamId)) {
    throw new ValidationError('Invalid stream id', { streamId: [`'${streamId}' is not <category>-<id>`] });
  }
  if (events.length === 0) throw new ValidationError('Nothing to append', { events: ['must not be empty'] });
  if (events.length > MAX_BATCH) {
    throw new ValidationError('Too many events', { events: [`at most ${MAX_BATCH} per append`] });
  }
  const seen = new Set<string>();
  return events.map((event, index) => {
    if (typeof event.id !== 'string' || event.id.length === 0 || event.id.length > MAX_ID_LENGTH) {
      throw new ValidationError('Invalid event id', {
        [`events.${index}.id`]: ['must be 1 to 128 characters'],
      });
    }
    if (seen.has(event.id)) {
      throw new ValidationError('Duplicate event id', {
        [`events.${index}.id`]: ['appears twice in the batch'],
      });
    }
    seen.add(event.id);
    return registry.validate(event);
  });
}
