import { streamId, type NewEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { cities, countries, languages, regions, timezones } from './collections';

type Row = { id: string } & Record<string, unknown>;

/** Reference rows every installation has, demo or not. */
export const fixedRows: {
  collection: { collection: { category: string; events: { created: string } } };
  rows: Row[];
}[] = [
  {
    collection: languages,
    rows: [
      { id: 'kz', status: 1, code: 'kz', iso: 'kk', name: 'Қазақша', is_default: 0, weight: 1 },
      { id: 'ru', status: 1, code: 'ru', iso: 'ru', name: 'Русский', is_default: 1, weight: 2 },
      { id: 'en', status: 1, code: 'en', iso: 'en', name: 'English', is_default: 0, weight: 3 },
    ],
  },
  {
    collection: countries,
    rows: [
      { id: 'kz', name: 'Казахстан', description: null },
      { id: 'ru', name: 'Россия', description: null },
    ],
  },
  {
    collection: regions,
    rows: [
      { id: 'almaty', name: 'Алматы', description: null },
      { id: 'astana', name: 'Астана', description: null },
    ],
  },
  {
    collection: cities,
    rows: [
      {
        id: 'almaty',
        region_id: 'almaty',
        country_id: 'kz',
        slug: 'almaty',
        name: 'Алматы',
        description: null,
        is_default: true,
      },
      {
        id: 'astana',
        region_id: 'astana',
        country_id: 'kz',
        slug: 'astana',
        name: 'Астана',
        description: null,
        is_default: false,
      },
    ],
  },
  {
    collection: timezones,
    rows: [
      { id: 'asia-almaty', region: 'Asia/Almaty', utc: '+05:00' },
      { id: 'asia-aqtobe', region: 'Asia/Aqtobe', utc: '+05:00' },
      { id: 'europe-moscow', region: 'Europe/Moscow', utc: '+03:00' },
    ],
  },
];

/**
 * Fields a fixed row gained after installations had seeded it: appended once as an Updated event
 * under a fixed id, so an installation seeded before has them too (a fresh one has them already).
 */
const addedLater: { category: string; type: string; id: string; tag: string; changes: object }[] = [
  ...['almaty', 'astana'].map((id) => ({
    category: cities.collection.category,
    type: cities.collection.events.updated,
    id,
    tag: 'country',
    changes: { country_id: 'kz' },
  })),
];

/**
 * Appends each fixed row's Created event under a fixed event id. A second start appends the same ids,
 * which the store recognises as a retry and skips, so the seed is idempotent and never undoes an
 * admin's later edit or deletion of a row.
 */
export async function seedReference(services: Pick<ContextServices, 'store'>): Promise<void> {
  for (const { collection, rows } of fixedRows) {
    const { category, events } = collection.collection;
    for (const { id, ...data } of rows) {
      const event: NewEvent = {
        id: `seed-${category}-${id}`,
        type: events.created,
        data: { ...data, id },
        metadata: { userId: 'system' },
      };
      await services.store.append(streamId(category, id), [event], { expectedVersion: 'any' });
    }
  }
  for (const { category, type, id, tag, changes } of addedLater) {
    const event: NewEvent = {
      id: `seed-${category}-${id}-${tag}`,
      type,
      data: { id, changes },
      metadata: { userId: 'system' },
    };
    await services.store.append(streamId(category, id), [event], { expectedVersion: 'any' });
  }
}
