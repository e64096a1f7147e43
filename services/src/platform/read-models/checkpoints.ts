import type { ReadModelDb, ReadModelTx } from './database';

export interface Checkpoint {
  position: bigint;
  version: number;
}

/**
 * Checkpoints live in the read-model database so that a projection saves its checkpoint in the same
 * transaction as its writes: after a crash the read model and its checkpoint always agree.
 */
export async function loadCheckpoint(
  db: ReadModelDb | ReadModelTx,
  name: string,
): Promise<Checkpoint | undefined> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['position', 'version'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { position: BigInt(row.position), version: row.version } : undefined;
}

export async function saveCheckpoint(
  db: ReadModelDb | ReadModelTx,
  name: string,
  position: bigint,
  version: number,
): Promise<void> {
  await db
    .insertInto('projection_checkpoints')
    .values({ name, position: position.toString(), version, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ position: position.toString(), version, updated_at: new Date() }),
    )
    .execute();
}

export async function deleteCheckpoint(db: ReadModelDb | ReadModelTx, name: string): Promise<void> {
  await db.deleteFrom('projection_checkpoints').where('name', '=', name).execute();
}
