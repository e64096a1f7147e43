import type { z } from 'zod';
import type { StoredEvent } from './envelope';
import type { ContextContract, EventDefinition } from './registry';
import type { contracts } from './contracts';

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

/**
 * Narrows a stored event to the members of the given types. The type is the only thing checked: the
 * data need not be, because the store validated it against the same schema when it was appended and
 * upcasts older versions when it is read (registry.ts), so an event of type T carries T's data.
 */
export function isEvent<T extends EventType>(
  event: StoredEvent,
  ...types: readonly T[]
): event is EventOf<T> {
  return (types as readonly string[]).includes(event.type);
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
