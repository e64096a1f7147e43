import type { StoredEvent } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEvent, attemptStream } from '../../../../tests/support/events';
import { storeAndReadModels, type StoreAndReadModels } from '../../../../tests/support/platform-fixture';
import { WrongExpectedVersionError } from '../errors';
import { uuidV5 } from '../ids';
import type { EventStore } from '../ports/event-store';
import type { Decider } from './decider';
import { handleCommand } from './handle-command';

/** A stream of numbered proctoring actions: `add` appends the next number unless the limit is reached. */
type Recorded = { type: 'ProctoringActionRecorded'; data: Record<string, unknown> };
const numbered = (stream: string, limit: number): Decider<'add', Recorded, number> => ({
  initialState: 0,
  evolve: (count) => count + 1,
  decide: (_command, count) =>
    count >= limit ? [] : [{ type: 'ProctoringActionRecorded', data: numberedData(stream, count) }],
});
const numberedData = (stream: string, n: number) => ({ ...actionEvent(stream).data, description: `#${n}` });

/** The same store, with another writer appending to the stream just before our next append. */
function racedOnce(store: EventStore, stream: string): EventStore {
  let raced = false;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (!raced) {
          raced = true;
          await target.append(stream, [actionEvent(stream, { description: 'other writer' })]);
        }
        return target.append(...args);
      };
    },
  });
}

const descriptions = (events: StoredEvent[]) =>
  events.map((e) => (e.data as { description: string }).description);

describe('handleCommand', () => {
  let env: StoreAndReadModels;
  beforeAll(async () => {
    env = await storeAndReadModels();
  });
  afterAll(() => env?.close());

  const options = (stream: string) => ({
    eventId: (_event: Recorded, index: number, version: number) => uuidV5(`${stream}:${version}:${index}`),
    metadata: { userId: 'teacher-1' },
  });

  it('appends what was decided at the version it was decided against, with derived ids and metadata', async () => {
    const stream = attemptStream();
    const first = await handleCommand(env.store, stream, numbered(stream, 5), 'add', options(stream));
    const second = await handleCommand(env.store, stream, numbered(stream, 5), 'add', options(stream));
    expect([first.version, second.version]).toEqual([-1, 0]);
    expect(second.state).toBe(2);
    const stored = await env.store.readStream(stream);
    expect(descriptions(stored)).toEqual(['#0', '#1']);
    expect(stored.map((e) => e.id)).toEqual([uuidV5(`${stream}:-1:0`), uuidV5(`${stream}:0:0`)]);
    expect(stored[0]!.metadata.userId).toBe('teacher-1');
  });

  it('appends nothing when nothing is decided', async () => {
    const stream = attemptStream();
    const outcome = await handleCommand(env.store, stream, numbered(stream, 0), 'add', options(stream));
    expect(outcome).toMatchObject({ events: [], result: undefined, state: 0 });
    expect(await env.store.readStream(stream)).toEqual([]);
  });

  it('lets a version conflict through when it has one attempt', async () => {
    const stream = attemptStream();
    await expect(
      handleCommand(racedOnce(env.store, stream), stream, numbered(stream, 5), 'add', options(stream)),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(descriptions(await env.store.readStream(stream))).toEqual(['other writer']);
  });

  it('decides again on the new state after a version conflict when it has attempts left', async () => {
    const stream = attemptStream();
    const outcome = await handleCommand(racedOnce(env.store, stream), stream, numbered(stream, 5), 'add', {
      ...options(stream),
      attempts: 2,
    });
    expect(outcome.version).toBe(0);
    // The second decision counted the other writer's event: its number is 1, not 0.
    expect(descriptions(await env.store.readStream(stream))).toEqual(['other writer', '#1']);
  });

  it('appends once when two identical commands are decided against the same version', async () => {
    const stream = attemptStream();
    await Promise.all([
      handleCommand(env.store, stream, numbered(stream, 1), 'add', { ...options(stream), attempts: 3 }),
      handleCommand(env.store, stream, numbered(stream, 1), 'add', { ...options(stream), attempts: 3 }),
    ]);
    expect(descriptions(await env.store.readStream(stream))).toEqual(['#0']);
  });
});
