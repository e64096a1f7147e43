import { createHash } from 'node:crypto';

/** RFC 4122 URL namespace: any fixed namespace works, this one is well known. */
const NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/**
 * A name-based (v5) UUID: the same name always gives the same id, so demo data and retried commands
 * derive their ids and never create a second copy.
 */
export function uuidV5(name: string, namespace = NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
