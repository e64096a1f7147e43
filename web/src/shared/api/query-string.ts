/** Values a query parameter may carry; nested objects and arrays use brackets like the platform's routes. */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryParams;
export interface QueryParams {
  [key: string]: QueryValue;
}

/**
 * Serialises in bracket style: `{ ids: [1, 2], filter: { type: 'video' } }` →
 * `ids[]=1&ids[]=2&filter[type]=video`. Brackets stay literal so addresses read the way the platform
 * documents them; names and values are otherwise percent-encoded. null and undefined are left out.
 */
export function toQueryString(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) append(pairs, encodeURIComponent(key), value);
  return pairs.join('&');
}

function append(pairs: string[], name: string, value: QueryValue): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) append(pairs, `${name}[]`, item);
  } else if (value instanceof Date) {
    pairs.push(`${name}=${encodeURIComponent(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [key, nested] of Object.entries(value))
      append(pairs, `${name}[${encodeURIComponent(key)}]`, nested);
  } else {
    pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  }
}
