import { z } from 'zod';

/**
 * The envelopes every JSON answer of the API uses (specification 000 §2), as zod schemas: the routes
 * give them to Fastify as response schemas (it serialises from them and /docs documents them) and the
 * web derives its types from them with `z.infer`. Envelopes are loose: a route that adds a key beside
 * `entity` or `entities` keeps it, since Fastify drops whatever a response schema does not name.
 */

/** `{ entity }`: one record. */
export const entityAnswer = <T extends z.ZodType>(entity: T) => z.looseObject({ entity });

/** `{ entities: [...] }`: a list, unpaged. */
export const entitiesAnswer = <T extends z.ZodType>(entity: T) =>
  z.looseObject({ entities: z.array(entity) });

/** The paging of a list asked with `page` or `paginable` (docs/records-api.md). */
export const pageFields = {
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
};

/** `{ entities: [...] }`, or with paging `{ entities: { data: [...], current_page, last_page, total, per_page } }`. */
export const listAnswer = <T extends z.ZodType>(entity: T) =>
  z.looseObject({
    entities: z.union([z.array(entity), z.looseObject({ data: z.array(entity), ...pageFields })]),
  });

/**
 * An answer whose shape the route does not fix (reports, previews, figures computed per request): any
 * JSON value, documented as such. Serialised as it is, so nothing is dropped.
 */
export const freeFormAnswer = z
  .unknown()
  .describe('Free-form JSON: the shape depends on the request (see the route in the docs).');

/**
 * An object built by a route's own code and passed through whole (a timeline, a report): documented as
 * an object with where its fields are described; typed `unknown`, so any builder's type fits.
 */
export const describedObject = (description: string) => z.unknown().meta({ type: 'object', description });

/** A file's bytes (an image, an export), for `content` responses of other media types. */
export const binaryAnswer = z.unknown().meta({ type: 'string', format: 'binary' });

/** A 204: no body at all. */
export const noContentAnswer = z.undefined().describe('No content');

/** `{ message }`: a command that changes something and says so in words (the web shows the text). */
export const messageAnswer = z
  .looseObject({ message: z.string() })
  .meta({ id: 'MessageAnswer', description: 'What was done, in words the interface shows' });

/**
 * A moment, serialised as an ISO 8601 string. Read models hand the routes `Date` objects that JSON turns
 * into strings only after the response schema has checked them, so the schema accepts either.
 */
export const dateTime = z.unknown().meta({ type: 'string', format: 'date-time' });

/** A redirect: no body, the `Location` header says where (the OpenAPI lists it under its 3xx). */
export const redirectAnswer = z.undefined().describe('A redirect: see the Location header');

/** A file answer in the given media types (a thumbnail, an export), for a route's `response`. */
export const fileAnswer = (types: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: binaryAnswer }])),
});

/**
 * An object built by a route's own code, with a name in the OpenAPI document's components and where its
 * fields are described; passed through whole (typed `unknown`, so any builder's type fits).
 */
export const namedObject = (id: string, description: string) =>
  z.unknown().meta({ id, type: 'object', description });
