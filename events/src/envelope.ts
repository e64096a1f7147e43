/**
 * The shapes every event has, whichever context defines it and whichever store keeps it.
 * Positions are bigint because store positions (a PostgreSQL sequence, a KurrentDB commit position)
 * are 64-bit and must not lose precision on the way through JSON or JavaScript numbers.
 */

/** Who caused an event and why: carried unchanged from the command to every projection. */
export interface EventMetadata {
  schoolId?: string;
  userId?: string;
  correlationId?: string;
  causationId?: string;
  /** When it happened on the client or in the domain, as opposed to when the store recorded it. */
  occurredAt?: string;
  /** Version of the data schema the event was written with; upcasters lift older versions. */
  schemaVersion?: number;
  [key: string]: unknown;
}

/** An event about to be appended. `id` is the idempotency key: a retried append with the same id never duplicates. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

/** An event as the store recorded it. */
export interface StoredEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 0-based position inside its stream (the stream's version after this event). */
  streamPosition: number;
  /** Position in the store's global log; strictly increasing in the order events became visible. */
  globalPosition: bigint;
  recordedAt: Date;
  metadata: EventMetadata;
}

/** The JSON form of a stored event, as it travels on the log (Kafka) and over HTTP. */
export interface StoredEventJson {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamId: string;
  streamPosition: number;
  globalPosition: string;
  recordedAt: string;
}

export function toJson(event: StoredEvent): StoredEventJson {
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    globalPosition: event.globalPosition.toString(),
    recordedAt: event.recordedAt.toISOString(),
  };
}

export function fromJson(json: StoredEventJson): StoredEvent {
  return {
    id: json.id,
    type: json.type,
    data: json.data,
    metadata: json.metadata,
    streamId: json.streamId,
    streamPosition: json.streamPosition,
    globalPosition: BigInt(json.globalPosition),
    recordedAt: new Date(json.recordedAt),
  };
}
