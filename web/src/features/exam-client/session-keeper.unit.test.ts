import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionKeeper } from './session-keeper';

interface Hooks {
  name: string;
}

/** A session that records when it started and ended, and whose hooks it was given. */
function fakeSession() {
  const log: string[] = [];
  let hooksOf: (() => Hooks) | undefined;
  const start = vi.fn(async (hooks: () => Hooks) => {
    hooksOf = hooks;
    log.push('started');
    return async () => {
      log.push('ended');
    };
  });
  return { log, start, hooks: () => hooksOf!() };
}

describe('the exam session keeper (React StrictMode mounts every effect twice in development)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("survives StrictMode's mount, unmount, mount: started once, never ended, warnings to the newest hooks", async () => {
    const keeper = new SessionKeeper<Hooks>(1_000);
    const session = fakeSession();
    const onEnded = vi.fn();
    // Mount, the cleanup at once, mount again: what StrictMode does in one commit.
    const first = keeper.hold('attempt-1', { name: 'first' }, session.start);
    first.release(onEnded);
    const second = keeper.hold('attempt-1', { name: 'second' }, session.start);
    await second.started;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.start).toHaveBeenCalledTimes(1);
    expect(session.log).toEqual(['started']);
    expect(onEnded).not.toHaveBeenCalled();
    expect(session.hooks().name).toBe('second');
    expect(keeper.has('attempt-1')).toBe(true);
  });

  it('ends the session once nobody held it for the grace (the page left the attempt)', async () => {
    const keeper = new SessionKeeper<Hooks>(1_000);
    const session = fakeSession();
    const onEnded = vi.fn();
    const hold = keeper.hold('attempt-1', { name: 'page' }, session.start);
    await hold.started;
    hold.release(onEnded);
    hold.release(onEnded);
    await vi.advanceTimersByTimeAsync(999);
    expect(session.log).toEqual(['started']);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.log).toEqual(['started', 'ended']);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(keeper.has('attempt-1')).toBe(false);
    // Coming back later starts a new session.
    await keeper.hold('attempt-1', { name: 'back' }, session.start).started;
    expect(session.start).toHaveBeenCalledTimes(2);
  });

  it('ends once when the student finishes, however often end is called, and the release after it cleans up', async () => {
    const keeper = new SessionKeeper<Hooks>(1_000);
    const session = fakeSession();
    const onEnded = vi.fn();
    const hold = keeper.hold('attempt-1', { name: 'page' }, session.start);
    await Promise.all([hold.end(), hold.end()]);
    hold.release(onEnded);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(session.log).toEqual(['started', 'ended']);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('a session ended before it finished starting is ended as soon as it has started', async () => {
    const keeper = new SessionKeeper<Hooks>(1_000);
    const log: string[] = [];
    let finishStart: () => void = () => undefined;
    const hold = keeper.hold('attempt-1', { name: 'page' }, async () => {
      await new Promise<void>((resolve) => (finishStart = resolve));
      log.push('started');
      return async () => void log.push('ended');
    });
    const ended = hold.end();
    expect(log).toEqual([]);
    finishStart();
    await ended;
    expect(log).toEqual(['started', 'ended']);
  });

  it('a start that fails is forgotten, so the next hold tries again', async () => {
    const keeper = new SessionKeeper<Hooks>(1_000);
    const failing = keeper.hold('attempt-1', { name: 'page' }, () => Promise.reject(new Error('no network')));
    await expect(failing.started).rejects.toThrow('no network');
    expect(keeper.has('attempt-1')).toBe(false);
    await expect(failing.end()).resolves.toBeUndefined();
    const session = fakeSession();
    await keeper.hold('attempt-1', { name: 'again' }, session.start).started;
    expect(session.log).toEqual(['started']);
  });
});
