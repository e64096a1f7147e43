import type { ReadModelDb } from '../read-models/database';
import { DomainError } from '../errors';
import { readModelCacheOf } from '../read-models/read-model-cache';

/**
 * Read-your-writes for HTTP: after a command appended at `position`, wait until the named projections
 * have committed past it, then read the answer from the read model. Works across processes (the
 * projector may run in another container) because it reads the checkpoint table.
 */
export async function waitForProjections(
  db: ReadModelDb,
  names: readonly string[],
  position: bigint,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    const rows = await db
      .selectFrom('projection_checkpoints')
      .select(['name', 'position'])
      .where('name', 'in', [...names])
      .execute();
    const done = names.every((name) => {
      const row = rows.find((r) => r.name === name);
      return row !== undefined && BigInt(row.position) >= position;
    });
    if (done) {
      // The change is committed: results cached before it must not answer the writer's next read,
      // even if the projection's notification has not reached this process yet.
      const cache = readModelCacheOf(db);
      for (const name of names) cache?.changed(name);
      return;
    }
    if (Date.now() > deadline) {
      throw new DomainError('The change is saved but not yet visible; reload in a moment', 503);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 50);
  }
}
