import { describe, expect, it } from 'vitest';
import { PendingReadings } from './pending-readings';

/**
 * The queue the eye readings wait in. A reading here is a promise the test resolves by hand, standing
 * for a call to the iris worker, so that what is checked is when the reader waits and what it gets.
 */
function reading() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Whether a promise has settled after the pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('eye readings pending beside the frames', () => {
  it('lets the reader go on up to the limit, then waits until one is done', async () => {
    const queue = new PendingReadings(2);
    const readings = [reading(), reading(), reading()];
    queue.add(readings[0]!.promise);
    queue.add(readings[1]!.promise);
    expect(await settled(queue.settle())).toBe(true);
    queue.add(readings[2]!.promise);
    expect(queue.backlog).toBe(3);
    const waiting = queue.settle();
    expect(await settled(waiting)).toBe(false);
    readings[1]!.resolve();
    expect(await settled(waiting)).toBe(true);
    expect(queue.backlog).toBe(2);
  });

  it('holds at most limit + 1 readings however many frames are read', async () => {
    const queue = new PendingReadings(3);
    // A worker that does one reading at a time, in order, each taking a turn of the event loop.
    let worker = Promise.resolve();
    const done: number[] = [];
    const read = (frame: number) =>
      (worker = worker
        .then(() => new Promise<void>((r) => setImmediate(r)))
        .then(() => void done.push(frame)));
    let most = 0;
    for (let frame = 0; frame < 50; frame++) {
      queue.add(read(frame));
      most = Math.max(most, queue.backlog);
      await queue.settle();
      expect(queue.backlog).toBeLessThanOrEqual(3);
    }
    await queue.finish();
    expect(most).toBe(4);
    expect(done).toEqual([...Array(50).keys()]);
    expect(queue.backlog).toBe(0);
  });

  it('finish waits for every reading and what it does with its result', async () => {
    const queue = new PendingReadings(4);
    const filled: number[] = [];
    const readings = [reading(), reading()];
    readings.forEach((r, n) => queue.add(r.promise.then(() => filled.push(n))));
    const finishing = queue.finish();
    expect(await settled(finishing)).toBe(false);
    readings[1]!.resolve();
    readings[0]!.resolve();
    await finishing;
    expect(filled.sort()).toEqual([0, 1]);
  });

  it('a failed reading fails the next settle after it and finish, not the process', async () => {
    const queue = new PendingReadings(4);
    const failing = reading();
    const fine = reading();
    queue.add(failing.promise);
    queue.add(fine.promise);
    failing.reject(new Error('iris worker gone'));
    await new Promise((r) => setImmediate(r));
    await expect(queue.settle()).rejects.toThrow('iris worker gone');
    fine.resolve();
    await expect(queue.finish()).rejects.toThrow('iris worker gone');
  });

  it('a failure stops the wait even while the queue is over its limit', async () => {
    const queue = new PendingReadings(1);
    const stuck = reading();
    const failing = reading();
    queue.add(stuck.promise);
    queue.add(failing.promise);
    const waiting = queue.settle();
    failing.reject(new Error('model could not run'));
    await expect(waiting).rejects.toThrow('model could not run');
    stuck.resolve();
  });

  it('refuses a limit under 1', () => {
    expect(() => new PendingReadings(0)).toThrow();
  });
});
