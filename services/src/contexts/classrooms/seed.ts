import { streamId, type NewEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { acsGates } from './collections';

/**
 * The gate models a classroom's access-control link may name. Only the catalogue lives here: the
 * drivers that open a real door are outside this product (docs/classrooms.md).
 */
export const supportedGates = [
  {
    id: 'zkteco-inbio-160',
    manufacturer: 'ZKTeco',
    model: 'inBio160',
    handler: 'zkteco',
    name: 'ZKTeco inBio160',
    description: 'Контроллер на одну дверь',
  },
  {
    id: 'hikvision-ds-k2601',
    manufacturer: 'Hikvision',
    model: 'DS-K2601',
    handler: 'hikvision',
    name: 'Hikvision DS-K2601',
    description: 'Контроллер на одну дверь',
  },
  {
    id: 'sigur-e500',
    manufacturer: 'Sigur',
    model: 'E500',
    handler: 'sigur',
    name: 'Sigur E500',
    description: 'Сетевой контроллер',
  },
];

/** Fixed event ids: a second start is a retry the store skips, so the seed is idempotent. */
export async function seedGates(services: Pick<ContextServices, 'store'>): Promise<void> {
  const { category, events } = acsGates.collection;
  for (const { id, ...data } of supportedGates) {
    const event: NewEvent = {
      id: `seed-${category}-${id}`,
      type: events.created,
      data: { ...data, id },
      metadata: { userId: 'system' },
    };
    await services.store.append(streamId(category, id), [event], { expectedVersion: 'any' });
  }
}
