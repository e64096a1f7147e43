import { z } from 'zod';

/**
 * Limits on every free-form JSON field a client sends (settings, form data, component data, answers):
 * deep nesting overflows the stack of anything recursive that meets it later (JSON.stringify in the
 * event schemas, jsonb, a projection), and size has to stop somewhere.
 */
export const FREE_JSON_LIMITS = { depth: 32, bytes: 64 * 1024 } as const;

export interface FreeJsonLimits {
  depth: number;
  bytes: number;
}

/**
 * Whether a value nests deeper than `limit` (a scalar is depth 0, `{}` and `[]` depth 1). Counted with
 * an explicit stack, never recursion, so a value of any depth is measured without overflowing.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item as object)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** NUL and a lone surrogate, as JSON.stringify writes them: PostgreSQL's jsonb refuses both. */
const UNSTORABLE_JSON = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** Why a free-form value is refused, or undefined: depth first, so nothing recursive ever sees a deep one. */
export function freeJsonProblem(
  value: unknown,
  limits: FreeJsonLimits = FREE_JSON_LIMITS,
): string | undefined {
  if (nestsDeeperThan(value, limits.depth)) return `Вложенность больше ${limits.depth} уровней`;
  const text = JSON.stringify(value ?? null) ?? 'null';
  // UTF-8 bytes, as they are stored; a string's length is at most that, so the cheap test goes first.
  if (text.length > limits.bytes || new TextEncoder().encode(text).length > limits.bytes) {
    return `Больше ${Math.round(limits.bytes / 1024)} КБ`;
  }
  if (UNSTORABLE_JSON.test(text)) return 'Недопустимые символы';
  return undefined;
}

/**
 * Whether a value (already bounded field by field) can go to jsonb: no NUL or lone surrogate. Deeper
 * than any bounded field could make it is refused too, so JSON.stringify here never overflows.
 */
export function isStorableJson(value: unknown): boolean {
  if (nestsDeeperThan(value, 4 * FREE_JSON_LIMITS.depth)) return false;
  return !UNSTORABLE_JSON.test(JSON.stringify(value ?? null) ?? 'null');
}

/** Adds the free-form limits to a schema; the issue is reported on the field itself (its name in errors). */
export function boundedJson<T extends z.ZodType>(schema: T, limits: FreeJsonLimits = FREE_JSON_LIMITS) {
  return schema.superRefine((value, ctx) => {
    const problem = freeJsonProblem(value, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A free-form JSON object (string keys, any values), bounded. */
export const freeJsonObject = (limits: FreeJsonLimits = FREE_JSON_LIMITS) =>
  boundedJson(z.record(z.string().max(100), z.unknown()), limits);

/** Any free-form JSON value, bounded; its shape is checked without recursion (z.json() recurses). */
export const freeJsonValue = (limits: FreeJsonLimits = FREE_JSON_LIMITS) => boundedJson(z.unknown(), limits);
