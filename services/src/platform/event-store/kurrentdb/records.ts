import type {
  AllStreamResolvedEvent,
  JSONEventData,
  JSONType,
  Position,
  RecordedEvent,
  ResolvedEvent,
} from '@eventstore/db-client';
import type { NewEvent } from '@sabaq/events';
import { toKurrentEventId, toKurrentMetadata } from './event-ids';

/** Our event as KurrentDB stores it: a JSON event with a UUID id. */
export function toEventData(event: NewEvent): JSONEventData {
  const id = toKurrentEventId(event.id);
  return {
    id: id.uuid,
    contentType: 'application/json',
    type: event.type,
    data: asJson(event.data),
    metadata: toKurrentMetadata(event.metadata, id),
  };
}

/** Event payloads are objects by contract (zod object schemas); anything else is a programming error. */
function asJson(data: unknown): JSONType {
  if (typeof data === 'string' || (typeof data === 'object' && data !== null)) return data as JSONType;
  throw new Error(`event data must be a JSON object, got ${data === null ? 'null' : typeof data}`);
}

/** KurrentDB's own records in $all (epochs, stats, stream metadata, links): never ours. */
export function isSystemEvent(event: RecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** Where to continue paging $all after this page. */
export function lastPosition(page: AllStreamResolvedEvent[]): Position | undefined {
  for (let i = page.length - 1; i >= 0; i--) {
    const position = page[i]?.event?.position ?? page[i]?.link?.position;
    if (position) return position;
  }
  return undefined;
}

export async function collect<E extends ResolvedEvent | AllStreamResolvedEvent>(
  read: AsyncIterable<E>,
): Promise<E[]> {
  const items: E[] = [];
  for await (const item of read) items.push(item);
  return items;
}
