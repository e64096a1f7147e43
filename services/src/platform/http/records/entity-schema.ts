import { z } from 'zod';
import type { CollectionDefinition } from './collection';

const named = new Map<string, z.ZodType>();

/** `assignment-results` → `AssignmentResults`: the component name clients generate a type from. */
const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * The schema of one entity of a collection, named `<Collection>Entity` in the OpenAPI document. A
 * collection that declares its entity (`entity`) gets that one; the others a loose object whose only
 * named field is `id`, so the serialiser keeps every field `toEntity` and `present` give and the API
 * answers exactly as before. Fields are never required: `X-Requested-Fields` trims entities to what the
 * caller asked for. Made once per name, since the zod registry is process-wide and apps are built many
 * times in one test process.
 */
export function entitySchemaOf(collection: CollectionDefinition): z.ZodType {
  const id = `${pascal(collection.name)}Entity`;
  let schema = named.get(id);
  if (!schema) {
    const declared = collection.entity;
    schema = (declared ?? z.looseObject({ id: z.union([z.string(), z.number()]).optional() })).meta({
      id,
      description: declared
        ? `One record of /api/${collection.name}; every field may be trimmed away by X-Requested-Fields.`
        : `One record of /api/${collection.name}: its fields as the collection's docs describe them; every field may be trimmed away by X-Requested-Fields.`,
    });
    named.set(id, schema);
  }
  return schema;
}
