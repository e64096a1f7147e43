import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidEventPayloadError, UnknownEventTypeError } from './errors';
import type { NewEvent } from './envelope';
import { defineEvent, EventRegistry } from './registry';

const PasswordSet = defineEvent({
  type: 'PasswordSet',
  version: 2,
  schema: z.object({ userId: z.string(), passwordHash: z.string(), reason: z.string() }),
  redact: ['passwordHash'],
  upcasters: { 1: (data) => ({ ...(data as object), reason: 'unknown' }) },
});
const registry = new EventRegistry([{ context: 'identity', categories: ['user'], events: [PasswordSet] }]);

describe('event registry', () => {
  it('validates data and stamps the schema version', () => {
    const event: NewEvent = registry.validate<NewEvent>({
      id: 'e1',
      type: 'PasswordSet',
      data: { userId: 'u1', passwordHash: 'h', reason: 'reset' },
    });
    expect(event.metadata?.schemaVersion).toBe(2);
    expect(() => registry.validate({ id: 'e2', type: 'Nope', data: {} })).toThrow(UnknownEventTypeError);
    const invalid = (() => {
      try {
        registry.validate({ id: 'e3', type: 'PasswordSet', data: { userId: 1 } });
      } catch (error) {
        return error;
      }
    })();
    expect(invalid).toBeInstanceOf(InvalidEventPayloadError);
    expect(Object.keys((invalid as InvalidEventPayloadError).errors).sort()).toEqual([
      'passwordHash',
      'reason',
      'userId',
    ]);
  });

  it('keeps secrets out of copies that leave the store', () => {
    const event = {
      id: 'e1',
      type: 'PasswordSet',
      data: { userId: 'u1', passwordHash: 'secret', reason: 'reset' },
    };
    expect(registry.redact(event).data).toEqual({ userId: 'u1', reason: 'reset' });
    expect(event.data.passwordHash).toBe('secret');
  });

  it('upcasts data written with an older schema version', () => {
    const stored = {
      id: 'e1',
      type: 'PasswordSet',
      data: { userId: 'u1', passwordHash: 'h' },
      metadata: { schemaVersion: 1 },
      streamId: 'user-u1',
      streamPosition: 0,
      globalPosition: 1n,
      recordedAt: new Date(),
    };
    expect(registry.upcast(stored).data).toEqual({ userId: 'u1', passwordHash: 'h', reason: 'unknown' });
    expect(registry.contextOf('user-u1')).toBe('identity');
    expect(registry.contextOf('nothing-1')).toBe('unrouted');
  });
});
