import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../errors';

// NUL and unpaired surrogates are valid in JavaScript strings but PostgreSQL refuses them in text and
// jsonb, which would turn a client's typo into a 500 deep in the store.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

function findUnstorable(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || '_';
  if (value === null || typeof value !== 'object' || depth > 20) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return where;
    const found = findUnstorable(item, where, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** preValidation: refuses a query or body carrying characters the read models cannot store. */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  const where = findUnstorable(request.query, '') ?? findUnstorable(request.body, '');
  if (where) {
    throw new ValidationError('The given data was invalid.', {
      [where]: ['Contains characters that cannot be stored (NUL or a lone surrogate)'],
    });
  }
}
