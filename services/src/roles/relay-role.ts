import { EventRelay } from '../platform/log/relay';
import { leadership } from '../platform/read-models/leadership';
import type { Backends } from './backends';

/** Publishes the store's global log to Kafka; one replica leads, the others stand by. */
export async function startRelayRole(b: Backends): Promise<void> {
  if (b.config.log.kind !== 'kafka') throw new Error('the relay role needs LOG=kafka');
  // Two relays would publish everything twice: replicas beyond the first stand by.
  const leader = leadership(b.databaseUrl, 'relay');
  b.onStop(() => leader.release());
  b.announce('relay: waiting to lead (one relay publishes at a time)');
  await leader.acquired;
  leader.onLost(() => {
    console.error('relay: lost the leadership lock; stopping so that a standby takes over');
    process.kill(process.pid, 'SIGTERM');
  });
  const relay = new EventRelay({
    store: b.store,
    log: b.log.log,
    db: b.db,
    onError: (error) => console.warn('relay batch failed; retrying', error),
  });
  await relay.start();
  b.onStop(() => relay.stop());
  b.announce('relay: the store global log → Kafka topics events.<context>');
}
