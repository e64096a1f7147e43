export * from './envelope';
export * from './health';
export * from './errors';
export * from './registry';
export * from './streams';
export * from './realtime';
export * from './contexts/proctoring';
export * from './contexts/identity';
export * from './contexts/reference';
export * from './contexts/people';

import { EventRegistry, type ContextContract } from './registry';
import { proctoringContract } from './contexts/proctoring';
import { identityContract } from './contexts/identity';
import { referenceContract } from './contexts/reference';
import { peopleContract } from './contexts/people';

/** Every context's contract; a new context adds its contract here. */
export const contracts: readonly ContextContract[] = [
  proctoringContract,
  referenceContract,
  identityContract,
  peopleContract,
];

export function createRegistry(extra: readonly ContextContract[] = []): EventRegistry {
  return new EventRegistry([...contracts, ...extra]);
}
