/**
 * The web client sends arrays and maps in bracket style (`ids[]=1&ids[]=2`, `filter[type]=x`), which
 * Node's querystring leaves as flat keys. This parser nests them, with limits so that a hostile query
 * cannot build deep structures or touch prototypes: at most 200 pairs, 3 levels, keys of 100 chars.
 */
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

const MAX_PAIRS = 200;
const MAX_DEPTH = 3;
const MAX_KEY = 100;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function parseQueryString(input: string): QueryObject {
  const root: QueryObject = {};
  const pairs = input.split('&').slice(0, MAX_PAIRS);
  for (const pair of pairs) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decode(rawKey);
    const value = decode(rawValue);
    if (key === undefined || value === undefined || key.length === 0 || key.length > MAX_KEY) continue;
    const path = keyPath(key);
    if (!path) continue;
    assign(root, path, value);
  }
  return root;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined; // a malformed escape drops the pair rather than failing the request
  }
}

/** `filter[type][]` → ['filter', 'type', '']; '' means "append to an array". */
function keyPath(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  const path = [match[1]!, ...rest];
  if (path.length > MAX_DEPTH + 1 || path.some((part) => FORBIDDEN.has(part))) return undefined;
  return path;
}

function assign(target: QueryObject, path: string[], value: string): void {
  let node: QueryObject = target;
  for (let i = 0; i < path.length - 1; i++) {
    const part = path[i]!;
    const next = path[i + 1]!;
    if (next === '') {
      // `a[]=v`: an array at `a`; only plain values go into it.
      if (i + 1 !== path.length - 1) return;
      const existing = node[part];
      if (existing === undefined) node[part] = [value];
      else if (Array.isArray(existing)) existing.push(value);
      else if (typeof existing === 'string') node[part] = [existing, value];
      return;
    }
    const existing = node[part];
    if (existing === undefined) node[part] = {};
    else if (typeof existing !== 'object' || Array.isArray(existing)) return; // first shape wins
    node = node[part] as QueryObject;
  }
  const last = path[path.length - 1]!;
  if (last === '') return;
  const existing = node[last];
  if (existing === undefined) node[last] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else if (typeof existing === 'string') node[last] = [existing, value];
}
