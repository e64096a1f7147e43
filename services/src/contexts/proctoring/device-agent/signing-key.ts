import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { deviceAgentTokenPayload, type DeviceAgentTokenPayload } from '@sabaq/events';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import type { DeviceAgentTables } from './tables';

export interface DeviceAgentKey {
  keyId: string;
  publicKeyPem: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const ROW = 'page-tokens';
/** One load per process and database: the key never changes once made. */
const loaded = new WeakMap<object, Promise<DeviceAgentKey>>();

/**
 * The installation's key for page tokens: made by the first api process that needs it (two at once
 * both insert, one wins, both read the winner), kept in `device_agent_keys`.
 */
export function deviceAgentKey(db: ReadModelDb): Promise<DeviceAgentKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadOrMake(db);
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function loadOrMake(untyped: ReadModelDb): Promise<DeviceAgentKey> {
  const db = withTables<DeviceAgentTables>(untyped);
  const pair = generateKeyPairSync('ed25519');
  const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  await db
    .insertInto('device_agent_keys')
    .values({
      name: ROW,
      key_id: createHash('sha256').update(publicKeyPem).digest('base64url').slice(0, 16),
      public_key_pem: publicKeyPem,
      private_key_pem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('device_agent_keys')
    .select(['key_id', 'public_key_pem', 'private_key_pem'])
    .where('name', '=', ROW)
    .executeTakeFirstOrThrow();
  return {
    keyId: row.key_id,
    publicKeyPem: row.public_key_pem,
    privateKey: createPrivateKey(row.private_key_pem),
    publicKey: createPublicKey(row.public_key_pem),
  };
}

/** `base64url(JSON payload).base64url(Ed25519 signature of the first part)` (the contract's format). */
export function signPageToken(key: DeviceAgentKey, payload: DeviceAgentTokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), key.privateKey).toString('base64url')}`;
}

/**
 * The platform's own check of a token an agent sends back with its report or conditions: signed by
 * this installation, of the contract's shape, not expired. Null when any of that fails.
 */
export function readPageToken(
  key: DeviceAgentKey,
  token: string,
  nowMs: number,
): DeviceAgentTokenPayload | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  let signed: boolean;
  try {
    signed = verify(null, Buffer.from(body), key.publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    signed = false;
  }
  if (!signed) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = deviceAgentTokenPayload.safeParse(json);
  if (!parsed.success || parsed.data.exp * 1000 <= nowMs) return null;
  return parsed.data;
}
