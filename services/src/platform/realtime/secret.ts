import { randomBytes } from 'node:crypto';

/**
 * The key channel signatures are made with. Several api instances behind one balancer must share it
 * (REALTIME_SECRET), since POST /broadcasting/auth and the socket may land on different instances; one
 * instance alone (`npm start`) is served by a random key per process.
 */
export function realtimeSecret(configured: string | undefined): { secret: Buffer; shared: boolean } {
  if (configured === undefined || configured === '') return { secret: randomBytes(32), shared: false };
  return { secret: Buffer.from(configured), shared: true };
}
