import type { z } from 'zod';
import type { NewEvent, StoredEvent } from './envelope';
import { InvalidEventPayloadError, UnknownEventTypeError } from './errors';
import { categoryOf } from './streams';

/** Lifts data written with schema version `from` to `from + 1`. */
export type Upcaster = (data: unknown) => unknown;

export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  /** The current schema version; data written with older versions is upcast on read. */
  version: number;
  schema: Schema;
  /** upcasters[v] lifts data of version v to v + 1. */
  upcasters?: Record<number, Upcaster>;
  /**
   * Data fields that stay in the event store only: secrets such as password hashes. Copies that leave
   * the store (the Kafka topics, the analytics table) carry the event without them. A dotted name
   * ('changes.secret_key') reaches one level into an object field.
   */
  redact?: readonly string[];
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
): EventDefinition<Type, Schema> {
  return definition;
}

export interface ContextContract<Events extends readonly EventDefinition[] = readonly EventDefinition[]> {
  /** The bounded context, which also names its topic on the log. */
  context: string;
  /** Stream categories owned by this context. */
  categories: readonly string[];
  events: Events;
}

/** A contract that keeps each event's type and schema, so the union of its events can be derived (domain-event.ts). */
export function defineContract<Events extends readonly EventDefinition[]>(
  contract: ContextContract<Events>,
): ContextContract<Events> {
  return contract;
}

function zodIssuesToErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Every event type the platform knows, with its schema and its context. Stores validate appends
 * against it, so an unknown type or an invalid payload never reaches a stream.
 */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();
  private readonly contextByCategory = new Map<string, string>();

  constructor(contracts: readonly ContextContract[] = []) {
    for (const contract of contracts) this.register(contract);
  }

  register(contract: ContextContract): this {
    for (const category of contract.categories) {
      const owner = this.contextByCategory.get(category);
      if (owner && owner !== contract.context) {
        throw new Error(`stream category '${category}' is owned by both ${owner} and ${contract.context}`);
      }
      this.contextByCategory.set(category, contract.context);
    }
    for (const definition of contract.events) {
      if (this.definitions.has(definition.type))
        throw new Error(`event type '${definition.type}' defined twice`);
      this.definitions.set(definition.type, definition);
    }
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  types(): string[] {
    return [...this.definitions.keys()];
  }

  /** The context (and so the log topic) a stream belongs to; unknown categories go to 'unrouted'. */
  contextOf(streamId: string): string {
    return this.contextByCategory.get(categoryOf(streamId)) ?? 'unrouted';
  }

  contexts(): string[] {
    return [...new Set(this.contextByCategory.values())];
  }

  /** Validates an event about to be appended; returns it with parsed data and its schema version stamped. */
  validate<E extends NewEvent>(event: E): E {
    const definition = this.definitions.get(event.type);
    if (!definition) throw new UnknownEventTypeError(event.type);
    const parsed = definition.schema.safeParse(event.data);
    if (!parsed.success)
      throw new InvalidEventPayloadError(event.type, zodIssuesToErrors(parsed.error.issues));
    return {
      ...event,
      data: parsed.data,
      metadata: { ...event.metadata, schemaVersion: definition.version },
    };
  }

  /** The event without its definition's redacted fields, for copies that leave the store. */
  redact<E extends NewEvent>(event: E): E {
    const fields = this.definitions.get(event.type)?.redact;
    if (!fields?.length || typeof event.data !== 'object' || event.data === null) return event;
    const data = { ...(event.data as Record<string, unknown>) };
    for (const field of fields) {
      // 'changes.secret_key': a secret inside an update's changes (copied, never mutated in place).
      const [head, ...rest] = field.split('.');
      if (rest.length === 0) delete data[field];
      else if (head && typeof data[head] === 'object' && data[head] !== null) {
        const inner = { ...(data[head] as Record<string, unknown>) };
        delete inner[rest.join('.')];
        data[head] = inner;
      }
    }
    return { ...event, data };
  }

  /** Brings a stored event written with an older schema version up to the current one. */
  upcast<E extends StoredEvent>(event: E): E {
    const definition = this.definitions.get(event.type);
    if (!definition) return event;
    let version = typeof event.metadata.schemaVersion === 'number' ? event.metadata.schemaVersion : 1;
    if (version >= definition.version) return event;
    let data = event.data;
    while (version < definition.version) {
      const lift = definition.upcasters?.[version];
      if (!lift) throw new Error(`no upcaster for ${event.type} v${version}`);
      data = lift(data);
      version += 1;
    }
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
  }
}
