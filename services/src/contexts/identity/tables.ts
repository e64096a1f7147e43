import type { Generated } from 'kysely';
import type { TablesDb, TablesTx } from '../../platform/read-models/database';
import type { ChallengeTables } from './challenges/table';
import type { DirectoryTables } from './directory/table';
import type { SessionTables } from './sessions/table';

/**
 * Identity's own tables, as its migrations create them: the directory, sessions, challenges and the
 * signing key (tokens.ts). The invite codes are a record collection, read through the record API.
 */
export interface IdentityTables extends DirectoryTables, SessionTables, ChallengeTables {
  identity_signing_keys: { name: string; secret: string; created_at: Generated<Date> };
}

export type IdentityDb = TablesDb<IdentityTables>;
export type IdentityTx = TablesTx<IdentityTables>;
