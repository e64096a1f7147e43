import { createHash } from 'node:crypto';
import type { EventMetadata } from '@sabaq/events';

/**
 * Fixed for the life of the data: changing it would give every non-UUID id a new KurrentDB id, so a
 * retry of a batch written before the change would no longer be recognised by KurrentDB's own cache.
 */
export const EVENT_ID_NAMESPACE = '1f469529-b480-4183-a1b9-003db77f84f0';

/** Metadata key holding the client's id when KurrentDB stores a UUID derived from it. */
export const ORIGINAL_ID_KEY = '$sabaqEventId';

/** KurrentDB hands UUIDs back in this form, so only this form survives a round trip unchanged. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** KurrentDB refuses the empty GUID as an event id. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** RFC 9562 UUID version 5 (SHA-1 of namespace and name). */
export function uuidV5(name: string, namespace: string): string {
  if (!CANONICAL_UUID.test(namespace.toLowerCase())) throw new Error(`invalid UUID namespace '${namespace}'`);
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface KurrentEventId {
  /** The id KurrentDB stores. */
  uuid: string;
  /** The client's id when it differs from `uuid`; kept in metadata and restored on read. */
  original?: string;
}

/** Our ids are arbitrary client strings; KurrentDB needs UUIDs. The mapping is deterministic, so retries map alike. */
export function toKurrentEventId(id: string): KurrentEventId {
  if (CANONICAL_UUID.test(id) && id !== NIL_UUID) return { uuid: id };
  return { uuid: uuidV5(id, EVENT_ID_NAMESPACE), original: id };
}

/** Metadata as written to KurrentDB: ours, plus the original id when KurrentDB stores a derived one. */
export function toKurrentMetadata(
  metadata: EventMetadata | undefined,
  id: KurrentEventId,
): Record<string, unknown> {
  return id.original === undefined ? { ...metadata } : { ...metadata, [ORIGINAL_ID_KEY]: id.original };
}

/** The client's id and metadata of a recorded event, as they were before `toKurrentMetadata`. */
export function fromKurrentEvent(uuid: string, metadata: unknown): { id: string; metadata: EventMetadata } {
  if (
    typeof metadata !== 'object' ||
    metadata === null ||
    Array.isArray(metadata) ||
    metadata instanceof Uint8Array
  ) {
    return { id: uuid, metadata: {} };
  }
  const { [ORIGINAL_ID_KEY]: original, ...rest } = metadata as Record<string, unknown>;
  return { id: typeof original === 'string' ? original : uuid, metadata: rest };
}
