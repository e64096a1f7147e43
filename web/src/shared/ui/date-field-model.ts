/**
 * A calendar day as the specification writes it (DD.MM.YY), whatever the browser's language, and the
 * `YYYY-MM-DD` the forms and the API hold. Pure.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` → `DD.MM.YY`; anything else → ''. */
export function formatDay(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!match) return '';
  const [, year, month, day] = match;
  return `${day}.${month}.${year!.slice(2)}`;
}

/**
 * What the reader typed → `YYYY-MM-DD`; '' for an empty field; null for text that is no day. Takes
 * DD.MM.YY and DD.MM.YYYY, with dots, slashes, dashes or spaces between; a two-digit year is 20YY
 * (a school's dates are this century's).
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const match = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{2}|\d{4})$/.exec(trimmed);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  // Built in UTC so that no time zone or summer time moves the day.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null; // 31.02, 13th month
  }
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Why a typed day is refused, if it is: not a day, or outside [min, max] (both `YYYY-MM-DD`). */
export function dayProblem(
  text: string,
  limits: { min?: string; max?: string },
): 'invalid' | 'tooEarly' | 'tooLate' | null {
  const day = parseDay(text);
  if (day === null) return 'invalid';
  if (day === '') return null;
  // ISO days compare as text.
  if (limits.min && day < limits.min) return 'tooEarly';
  if (limits.max && day > limits.max) return 'tooLate';
  return null;
}
