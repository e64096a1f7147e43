import type { z } from 'zod';
import type { StoredEvent } from './envelope';
import type { ContextContract, EventDefinition } from './registry';
import type { contracts } from './event-contracts';

/**
 * Typed events. Every contract keeps its definitions' literal types and schemas (`defineContract`),
 * so the union of every stored event, discriminated by `type`, is derived here rather than written by
 * hand: a new event in a contract is a new member, and a switch that must handle it fails to compile
 * until it does.
 */

/** The stored event one definition describes: its literal type and the data its schema parses to. */
export type EventOfDefinition<D> =
  D extends EventDefinition<infer Type, infer Schema> ? StoredEvent<Type, z.output<Schema>> : never;

/** The union of one contract's events. */
export type ContractEvent<C extends ContextContract> = EventOfDefinition<C['events'][number]>;

/** Every event the platform knows, discriminated by `type`. */
export type DomainEvent = ContractEvent<(typeof contracts)[number]>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type EventData<T extends EventType> = EventOf<T>['data'];
/** The type and data of the given types, one member per type (for events not yet stored, or only partly read). */
export type EventBody<T extends EventType> = T extends EventType ? { type: T; data: EventData<T> } : never;

/**
 * Narrows a stored event to the members of the given types. The type is the only thing checked: the
 * data need not be, because the store validated it against the same schema when it was appended and
 * upcasts older versions when it is read (registry.ts), so an event of type T carries T's data.
 */
export function isEvent<T extends EventType>(event: StoredEvent, ...types: readonly T[]): event is EventOf<T>;
export function isEvent<E extends { type: string }, T extends EventType>(
  event: E,
  ...types: readonly T[]
): event is E & EventBody<T>;
export function isEvent(event: { type: string }, ...types: readonly string[]): boolean {
  return types.includes(event.type);
}

/**
 * The `default` of an exhaustive switch on `event.type`: it compiles only when every member was
 * handled, and throws if an event the types rule out arrives anyway.
 */
export function unhandledEvent(event: never): never {
  throw new Error(`unhandled event type ${(event as { type?: unknown }).type}`);
}

/** One handler per event type: a missing type is a compile error. */
export type EventHandlers<T extends EventType, Args extends unknown[] = [], R = void> = {
  [K in T]: (event: EventOf<K>, ...args: Args) => R;
};

/** Calls the handler of the event's type. */
export function dispatchEvent<T extends EventType, Args extends unknown[], R>(
  handlers: EventHandlers<T, Args, R>,
  event: EventOf<T>,
  ...args: Args
): R {
  // Why the cast: TypeScript cannot tie `handlers[event.type]` to the member `event` is, so the
  // looked-up handler is typed for any of them; the mapped type guarantees it is this type's handler.
  const handler = handlers[event.type as T] as (event: EventOf<T>, ...args: Args) => R;
  return handler(event, ...args);
}

/**
 * The data of a stream's first event when it is of the given type: claim streams (a username's
 * reservation, an invite code, an external account's link) hold one event, appended with 'no_stream'.
 */
export function firstEventData<T extends EventType>(
  events: readonly { type: string; data: unknown }[],
  type: T,
): EventData<T> | undefined {
  const first = events[0];
  if (first?.type !== type) return undefined;
  // Why the cast: a comparison cannot narrow to a generic T's member; the type matched, and the store
  // checked the data against that type's schema.
  return first.data as EventData<T> | undefined;
}
