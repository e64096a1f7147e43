export interface IdClaim {
  /** Ids held by other streams; when not empty, nothing was claimed. */
  foreign: string[];
  /** Gives back the ids this claim added, after an append that was refused and so stored nothing. */
  release(): void;
}

/**
 * Which stream each recently appended event id went to, in this process. KurrentDB has no index of
 * event ids across streams, so this is how an id reused in another stream is caught cheaply. Ids are
 * claimed before the append (synchronously, so two concurrent appends of one id in this process cannot
 * both pass) and forgotten oldest first beyond `capacity`. It sees nothing another process appended and
 * forgets on restart: the adapter's header explains what that leaves open.
 */
export class RecentEventIds {
  /** id → stream; Map keeps insertion order, which makes the oldest entry the first one. */
  private readonly owners = new Map<string, string>();

  constructor(private readonly capacity = 100_000) {
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new Error('capacity must be a positive integer');
  }

  claim(streamId: string, ids: readonly string[]): IdClaim {
    const foreign = ids.filter((id) => {
      const owner = this.owners.get(id);
      return owner !== undefined && owner !== streamId;
    });
    if (foreign.length > 0) return { foreign, release: () => undefined };
    const added: string[] = [];
    for (const id of ids) {
      if (!this.owners.has(id)) added.push(id);
      // Re-inserting moves the id to the young end, so ids still being retried are kept longest.
      this.owners.delete(id);
      this.owners.set(id, streamId);
    }
    this.evict();
    return {
      foreign: [],
      release: () => {
        for (const id of added) if (this.owners.get(id) === streamId) this.owners.delete(id);
      },
    };
  }

  ownerOf(id: string): string | undefined {
    return this.owners.get(id);
  }

  get size(): number {
    return this.owners.size;
  }

  private evict(): void {
    for (const id of this.owners.keys()) {
      if (this.owners.size <= this.capacity) return;
      this.owners.delete(id);
    }
  }
}
