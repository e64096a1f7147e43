import { z } from 'zod';
import { defineContract, defineEvent } from '../registry';

/**
 * Reference data (regions, cities, countries, counties, timezones, languages): rows every school
 * shares. Each row is its own stream, `<category>-<id>`, with Created / Updated / Deleted events, so
 * an admin's edit of one city never conflicts with another's edit of a different city.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const text = (max: number) => z.string().trim().min(1).max(max);
const description = z.string().max(2000).nullable().default(null);

export const regionSchema = z.object({ name: text(200), description });
export const citySchema = z.object({
  region_id: id.nullable().default(null),
  /** The country the city is in (000 §7: the basket's cities are listed by country_id). */
  country_id: id.nullable().default(null),
  slug: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-]+$/),
  name: text(200),
  description,
  is_default: z.boolean().default(false),
});
export const countrySchema = z.object({ name: text(200), description });
export const countySchema = z.object({ name: text(200), description });
export const timezoneSchema = z.object({
  region: text(100),
  utc: z.string().regex(/^[+-]\d{2}:\d{2}$/),
});
export const languageSchema = z.object({
  status: z.number().int().min(0).max(1),
  code: z.string().regex(/^[a-z]{2}$/),
  iso: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/),
  name: text(100),
  is_default: z.number().int().min(0).max(1),
  weight: z.number().int().min(0).max(1000),
});

/**
 * The shape of a change: every field optional and none defaulted. zod's own partial() would fill in
 * defaults, and a change would then reset fields the editor never touched.
 */
export function changesOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as unknown as Record<string, z.ZodType>)) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.strictObject(shape);
}

/** The three events of one kind of record, named `<Kind>Created`, `<Kind>Updated`, `<Kind>Deleted`. */
export function recordEvents<Kind extends string, Shape extends z.ZodRawShape>(
  kind: Kind,
  schema: z.ZodObject<Shape>,
) {
  return {
    created: defineEvent({ type: `${kind}Created` as const, version: 1, schema: schema.extend({ id }) }),
    updated: defineEvent({
      type: `${kind}Updated` as const,
      version: 1,
      // Only the changed fields travel, so two edits of different fields never undo each other.
      schema: z.object({ id, changes: changesOf(schema) }),
    }),
    deleted: defineEvent({ type: `${kind}Deleted` as const, version: 1, schema: z.object({ id }) }),
  };
}

export const RegionEvents = recordEvents('Region', regionSchema);
export const CityEvents = recordEvents('City', citySchema);
export const CountryEvents = recordEvents('Country', countrySchema);
export const CountyEvents = recordEvents('County', countySchema);
export const TimezoneEvents = recordEvents('Timezone', timezoneSchema);
export const LanguageEvents = recordEvents('Language', languageSchema);

const all = [RegionEvents, CityEvents, CountryEvents, CountyEvents, TimezoneEvents, LanguageEvents];

export const referenceContract = defineContract({
  context: 'reference',
  categories: ['region', 'city', 'country', 'county', 'timezone', 'language'],
  events: all.flatMap((set) => [set.created, set.updated, set.deleted]),
});
