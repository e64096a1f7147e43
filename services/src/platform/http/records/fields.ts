import { ValidationError } from '../../errors';

export const REQUESTED_FIELDS_HEADER = 'x-requested-fields';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Reads `X-Requested-Fields: id, name, last_message.user.name`; undefined means every field. */
export function requestedFields(header: string | string[] | undefined): string[][] | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
  if (fields.length === 0) return undefined;
  const bad = fields.filter((f) => f.length > 200 || !FIELD.test(f));
  if (bad.length > 0 || fields.length > 100) {
    throw new ValidationError('The given data was invalid.', {
      'X-Requested-Fields': ['Expected a comma-separated list of at most 100 field names or dotted paths'],
    });
  }
  return fields.map((f) => f.split('.'));
}

/** Keeps only the requested paths; a path into an array applies to each item; unknown paths are skipped. */
export function trimFields(entity: unknown, paths: string[][] | undefined): unknown {
  if (paths === undefined) return entity;
  if (Array.isArray(entity)) return entity.map((item) => trimFields(item, paths));
  if (entity === null || typeof entity !== 'object') return entity;
  const source = entity as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const nested = new Map<string, string[][]>();
  // An empty list means "the whole value", which wins over any sub-path of the same field.
  for (const [head, ...rest] of paths) {
    const key = head!;
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const existing = nested.get(key);
    if (rest.length === 0) nested.set(key, []);
    else if (existing === undefined) nested.set(key, [rest]);
    else if (existing.length > 0) existing.push(rest);
  }
  for (const [key, rest] of nested) {
    out[key] = rest.length === 0 ? source[key] : trimFields(source[key], rest);
  }
  return out;
}
