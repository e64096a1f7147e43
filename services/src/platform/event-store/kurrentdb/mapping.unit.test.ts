import { randomUUID } from 'node:crypto';
import { ANY, NO_STREAM, START, STREAM_EXISTS } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import {
  EVENT_ID_NAMESPACE,
  ORIGINAL_ID_KEY,
  fromKurrentEvent,
  toKurrentEventId,
  toKurrentMetadata,
  uuidV5,
} from './event-ids';
import {
  globalPositionOf,
  readPositionFrom,
  toClientConnectionString,
  toExpectedRevision,
  toVersion,
} from './mapping';
import { RecentEventIds } from './recent-event-ids';

describe('event ids for KurrentDB', () => {
  it('computes RFC 9562 UUID v5', () => {
    // The DNS namespace example published with Python's uuid module.
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    );
    expect(uuidV5('attempt-1:finish', EVENT_ID_NAMESPACE)).toBe('a765327f-3f0c-5bd4-ae54-b91bf67efb23');
  });

  it('keeps a canonical UUID and derives a stable UUID from anything else', () => {
    const uuid = randomUUID();
    expect(toKurrentEventId(uuid)).toEqual({ uuid });
    const derived = toKurrentEventId('attempt-1:finish');
    expect(derived).toEqual({ uuid: 'a765327f-3f0c-5bd4-ae54-b91bf67efb23', original: 'attempt-1:finish' });
    expect(toKurrentEventId('attempt-1:finish')).toEqual(derived);
    expect(toKurrentEventId('attempt-2:finish').uuid).not.toBe(derived.uuid);
    // KurrentDB answers in lower case and refuses the empty GUID, so neither can be stored as given.
    expect(toKurrentEventId(uuid.toUpperCase())).toMatchObject({ original: uuid.toUpperCase() });
    expect(toKurrentEventId(uuid.toUpperCase()).uuid).not.toBe(uuid);
    expect(toKurrentEventId('00000000-0000-0000-0000-000000000000').original).toBeDefined();
    expect(toKurrentEventId('x'.repeat(128)).uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('round-trips the original id through metadata and hides the key from readers', () => {
    const id = toKurrentEventId('client:42');
    const written = toKurrentMetadata({ schoolId: 'school-1' }, id);
    expect(written).toEqual({ schoolId: 'school-1', [ORIGINAL_ID_KEY]: 'client:42' });
    expect(fromKurrentEvent(id.uuid, written)).toEqual({
      id: 'client:42',
      metadata: { schoolId: 'school-1' },
    });

    const uuid = randomUUID();
    expect(toKurrentMetadata(undefined, toKurrentEventId(uuid))).toEqual({});
    expect(fromKurrentEvent(uuid, { schoolId: 's' })).toEqual({ id: uuid, metadata: { schoolId: 's' } });
    expect(fromKurrentEvent(uuid, undefined)).toEqual({ id: uuid, metadata: {} });
    expect(fromKurrentEvent(uuid, new Uint8Array([1]))).toEqual({ id: uuid, metadata: {} });
  });
});

describe('expected versions and positions', () => {
  it('maps expected versions to expected revisions', () => {
    expect(toExpectedRevision(0)).toBe(0n);
    expect(toExpectedRevision(41)).toBe(41n);
    expect(toExpectedRevision(-1)).toBe(NO_STREAM);
    expect(toExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toExpectedRevision('any')).toBe(ANY);
    expect(() => toExpectedRevision(-2)).toThrow(ValidationError);
    expect(() => toExpectedRevision(1.5)).toThrow(ValidationError);
  });

  it('maps current revisions back to versions', () => {
    expect(toVersion(NO_STREAM)).toBe(-1);
    expect(toVersion(0n)).toBe(0);
    expect(toVersion(1234n)).toBe(1234);
  });

  it('reads $all from the start or from the position itself', () => {
    expect(readPositionFrom(undefined)).toBe(START);
    expect(readPositionFrom(0n)).toBe(START);
    expect(readPositionFrom(4242n)).toEqual({ commit: 4242n, prepare: 4242n });
  });

  it('takes the commit position as the global position, and refuses the server\'s "no position"', () => {
    expect(globalPositionOf({ commit: 4242n, prepare: 4100n })).toBe(4242n);
    expect(globalPositionOf({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).toBeUndefined();
    expect(globalPositionOf(undefined)).toBeUndefined();
  });

  it('accepts KurrentDB connection strings for a client that knows only esdb://', () => {
    expect(toClientConnectionString('kurrentdb://kurrentdb:2113?tls=false')).toBe(
      'esdb://kurrentdb:2113?tls=false',
    );
    expect(toClientConnectionString('kurrent://a:2113,b:2113')).toBe('esdb://a:2113,b:2113');
    expect(toClientConnectionString('kurrentdb+discover://cluster:2113')).toBe(
      'esdb+discover://cluster:2113',
    );
    expect(toClientConnectionString('esdb://localhost:2113?tls=false')).toBe(
      'esdb://localhost:2113?tls=false',
    );
  });
});

describe('recent event ids', () => {
  it('refuses ids held by another stream and claims nothing then', () => {
    const ids = new RecentEventIds();
    expect(ids.claim('proctoring-a', ['1', '2']).foreign).toEqual([]);
    expect(ids.claim('proctoring-a', ['2', '3']).foreign).toEqual([]);
    expect(ids.claim('proctoring-b', ['3', '4']).foreign).toEqual(['3']);
    expect(ids.ownerOf('4')).toBeUndefined();
  });

  it('gives back only what a refused append added', () => {
    const ids = new RecentEventIds();
    ids.claim('proctoring-a', ['1']);
    ids.claim('proctoring-a', ['1', '2']).release();
    expect(ids.ownerOf('1')).toBe('proctoring-a');
    expect(ids.ownerOf('2')).toBeUndefined();
    expect(ids.claim('proctoring-b', ['2']).foreign).toEqual([]);
  });

  it('forgets the oldest ids beyond its capacity, keeping ones seen again', () => {
    const ids = new RecentEventIds(3);
    ids.claim('s-1', ['1', '2', '3']);
    ids.claim('s-1', ['1']);
    ids.claim('s-1', ['4']);
    expect(ids.size).toBe(3);
    expect(ids.ownerOf('2')).toBeUndefined();
    expect(ids.ownerOf('1')).toBe('s-1');
  });
});
