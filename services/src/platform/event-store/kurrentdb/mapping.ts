import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  type AppendExpectedRevision,
  type CurrentRevision,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import { ValidationError } from '../../errors';
import type { ExpectedVersion } from '../../ports/event-store';

/** Our expected versions in KurrentDB's terms. -1 is the version of a missing stream, as in PostgreSQL. */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (expected === -1) return NO_STREAM;
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new ValidationError('Invalid expected version', {
          expectedVersion: ['must be a version (0 or more), any, no_stream or stream_exists'],
        });
      }
      return BigInt(expected);
  }
}

/** A stream revision as our version: -1 when the stream does not exist. */
export function toVersion(revision: CurrentRevision): number {
  return revision === NO_STREAM ? -1 : Number(revision);
}

/** Where a forward read of $all starts for "strictly after `after`": KurrentDB reads from a position inclusively. */
export function readPositionFrom(after: bigint | undefined): ReadPosition {
  return after === undefined || after <= 0n ? START : { commit: after, prepare: after };
}

/** Positions at or above 2^63 are KurrentDB's "no position" (−1 sent as an unsigned 64-bit number). */
const NO_POSITION = 1n << 63n;

/**
 * The global position of an event: its commit position. Every event of a normal append is its own
 * implicitly committed record, so commit positions differ per event and grow with commit order.
 * Undefined where the server sent none (stream reads on servers before 22.6).
 */
export function globalPositionOf(position: Position | undefined): bigint | undefined {
  if (!position || position.commit < 0n || position.commit >= NO_POSITION) return undefined;
  return position.commit;
}

/**
 * The client (@eventstore/db-client) speaks only esdb:// and esdb+discover://; KurrentDB's own docs
 * write kurrentdb:// and kurrent://. Same options, so only the scheme changes.
 */
export function toClientConnectionString(url: string): string {
  return url.replace(
    /^(kurrentdb|kurrent)(\+discover)?:\/\//i,
    (_match, _scheme, discover: string | undefined) => (discover ? 'esdb+discover://' : 'esdb://'),
  );
}
