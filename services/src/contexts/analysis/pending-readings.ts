/**
 * Readings under way in a model's own worker (the iris model's eye readings), which the frames do not
 * wait for: a frame hands its reading over and the face models go on with the next frames. The reader
 * calls `settle` after each frame, which waits only while more than `limit` readings are pending, so
 * a long recording holds a bounded number of frames for them (memory stays flat); `finish` waits for
 * the rest before the anomalies are merged. A reading that fails fails the analysis: the first failure
 * is thrown by the next `settle` or by `finish`, never left as an unhandled rejection.
 */
export class PendingReadings {
  private readonly pending = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new Error('limit must be at least 1');
  }

  /** Readings handed over and not yet done. */
  get backlog(): number {
    return this.pending.size;
  }

  /** Takes a reading under way; whatever it does with its result happens in its own `then`. */
  add(reading: Promise<unknown>): void {
    const tracked: Promise<void> = reading
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error };
        },
      )
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Waits until at most `limit` readings are pending; throws the first failure so far. */
  async settle(): Promise<void> {
    while (this.pending.size > this.limit && !this.failure) await Promise.race(this.pending);
    this.throwFailure();
  }

  /** Waits for every pending reading; throws the first failure. */
  async finish(): Promise<void> {
    await Promise.all(this.pending);
    this.throwFailure();
  }

  private throwFailure(): void {
    if (this.failure) throw this.failure.error;
  }
}
