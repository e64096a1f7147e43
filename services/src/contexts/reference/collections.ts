import {
  CityEvents,
  CountryEvents,
  CountyEvents,
  LanguageEvents,
  RegionEvents,
  TimezoneEvents,
  citySchema,
  countrySchema,
  countySchema,
  languageSchema,
  regionSchema,
  timezoneSchema,
} from '@sabaq/events';
import { defineCollection } from '../../platform/http/records/define';

const eventTypes = (set: {
  created: { type: string };
  updated: { type: string };
  deleted: { type: string };
}) => ({
  created: set.created.type,
  updated: set.updated.type,
  deleted: set.deleted.type,
});
const named = { name: 'text', description: 'text' } as const;
const context = 'reference';

export const regions = defineCollection({
  context,
  name: 'regions',
  category: 'region',
  schema: regionSchema,
  events: eventTypes(RegionEvents),
  columns: named,
  filters: { name: 'string' },
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
});

export const cities = defineCollection({
  context,
  name: 'cities',
  category: 'city',
  schema: citySchema,
  events: eventTypes(CityEvents),
  columns: { region_id: 'text', country_id: 'text', slug: 'text', ...named, is_default: 'boolean' },
  // `country_id` lists a country's cities (000 §7), as the basket's customer step asks.
  filters: { region_id: 'string', country_id: 'string', slug: 'string', is_default: 'boolean' },
  sortable: ['id', 'name', 'slug'],
  defaultOrder: { field: 'name', direction: 'asc' },
});

export const countries = defineCollection({
  context,
  name: 'countries',
  category: 'country',
  schema: countrySchema,
  events: eventTypes(CountryEvents),
  columns: named,
  filters: { name: 'string' },
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
});

export const counties = defineCollection({
  context,
  name: 'counties',
  category: 'county',
  schema: countySchema,
  events: eventTypes(CountyEvents),
  columns: named,
  filters: { name: 'string' },
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
});

export const timezones = defineCollection({
  context,
  name: 'timezones',
  category: 'timezone',
  schema: timezoneSchema,
  events: eventTypes(TimezoneEvents),
  columns: { region: 'text', utc: 'text' },
  filters: { utc: 'string' },
  sortable: ['id', 'region', 'utc'],
  defaultOrder: { field: 'region', direction: 'asc' },
});

export const languages = defineCollection({
  context,
  name: 'languages',
  category: 'language',
  schema: languageSchema,
  events: eventTypes(LanguageEvents),
  columns: {
    status: 'integer',
    code: 'text',
    iso: 'text',
    name: 'text',
    is_default: 'integer',
    weight: 'integer',
  },
  filters: { code: 'string', status: 'integer' },
  sortable: ['id', 'weight', 'name'],
  defaultOrder: { field: 'weight', direction: 'asc' },
});

export const referenceCollections = [regions, cities, countries, counties, timezones, languages];
