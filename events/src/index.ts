export * from './envelope';
export * from './health';
export * from './errors';
export * from './registry';
export * from './streams';
export * from './contexts/proctoring';

import { EventRegistry, type ContextContract } from './registry';
import { proctoringContract } from './contexts/proctoring';

/** Every context's contract; a new context adds its contract here. */
export const contracts: readonly ContextContract[] = [proctoringContract];

export function createRegistry(extra: readonly ContextContract[] = []): EventRegistry {
  return new EventRegistry([...contracts, ...extra]);
}
